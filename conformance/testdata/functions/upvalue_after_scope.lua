-- checks upvalues stay alive and mutable after the enclosing function returns
local fs = {}
do
  local x = 1
  fs.inc = function() x = x + 1 end
  fs.get = function() return x end
  x = 10
end
fs.inc()
fs.inc()
print(fs.get())
