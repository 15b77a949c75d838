-- checks the goto continue idiom skips the rest of a loop body
for i = 1, 6 do
  if i % 2 == 0 then goto continue end
  io.write(i, " ")
  ::continue::
end
print()
local i = 0
while i < 5 do
  i = i + 1
  if i == 3 then goto next end
  io.write(i, " ")
  ::next::
end
print()
