-- checks a local _ENV changes how free names resolve
local print = print
do
  local _ENV = {a = 1}
  b = 2
  print(a, b, _ENV.b)
end
print(a, b)
local function sandbox()
  local _ENV = {x = "sandboxed"}
  return x
end
print(sandbox())
