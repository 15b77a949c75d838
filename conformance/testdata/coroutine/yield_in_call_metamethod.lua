-- yields from a __call metamethod and from functions called through it
local callable = setmetatable({}, {__call = function(self, x)
  local r = coroutine.yield("called with " .. x)
  return r .. "!"
end})
local co = coroutine.wrap(function()
  local a = callable("first")
  local b = callable("second")
  return a, b
end)
print(co())
print(co("A"))
print(co("B"))
