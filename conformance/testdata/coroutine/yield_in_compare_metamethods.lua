-- yields from __eq, __lt and __le metamethods; results are converted to booleans
local mt = {}
mt.__eq = function(a, b) return coroutine.yield("eq") end
mt.__lt = function(a, b) return coroutine.yield("lt") end
mt.__le = function(a, b) return coroutine.yield("le") end
local a, b = setmetatable({}, mt), setmetatable({}, mt)
local co = coroutine.wrap(function()
  local r1 = (a == b)
  local r2 = (a < b)
  local r3 = (a <= b)
  local r4 = (a > b)
  local r5 = (a ~= b)
  return r1, r2, r3, r4, r5
end)
print(co())
print(co(1))
print(co(nil))
print(co("yes"))
print(co(false))
print(co(0))
