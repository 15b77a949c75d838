-- yields from __add, __unm, __concat and __len metamethods
local mt = {}
mt.__add = function(a, b) return coroutine.yield("add") end
mt.__unm = function(a) return coroutine.yield("unm") end
mt.__concat = function(a, b) return coroutine.yield("concat") end
mt.__len = function(a) return coroutine.yield("len") end
local obj = setmetatable({}, mt)
local co = coroutine.wrap(function()
  local r1 = obj + 1
  local r2 = -obj
  local r3 = "x" .. obj .. "y"
  local r4 = #obj
  return r1, r2, r3, r4
end)
print(co())
print(co(10))
print(co(20))
print(co("C"))
print(co(40))
