-- checks nil and false are allowed as to-be-closed values and ignored
do
  local a <close> = nil
  local b <close> = false
  print("ok inside")
end
print("ok after")
