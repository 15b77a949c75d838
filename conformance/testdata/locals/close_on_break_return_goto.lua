-- checks to-be-closed variables are closed on break, return and goto out of their block
local function mk(name)
  return setmetatable({}, {__close = function() print("close " .. name) end})
end
for i = 1, 3 do
  local v <close> = mk("loop " .. i)
  if i == 2 then break end
end
local function f()
  local r <close> = mk("ret")
  return "value"
end
print(f())
do
  local g <close> = mk("goto")
  goto out
end
::out::
print("end")
