-- checks to-be-closed variables are closed in reverse order of declaration at block exit
local function mk(name)
  return setmetatable({}, {__close = function(self, err) print("close " .. name, err) end})
end
do
  local a <close> = mk("a")
  local b <close> = mk("b")
  local c <close> = mk("c")
  print("in block")
end
print("after block")
