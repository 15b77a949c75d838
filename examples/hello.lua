-- A tour of the engine: integers and floats, closures, metatables,
-- coroutines, to-be-closed variables and error handling.
local function fib(n)
  local a, b = 0, 1
  for _ = 1, n do a, b = b, a + b end
  return a
end
print("fib(90) =", fib(90), math.type(fib(90)))
print("7 // 2 =", 7 // 2, "7 / 2 =", 7 / 2, "2^63 wraps to", math.maxinteger + 1)

local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return Vec.new(a.x + b.x, a.y + b.y) end
Vec.__tostring = function(v) return string.format("(%g, %g)", v.x, v.y) end
function Vec.new(x, y) return setmetatable({x = x, y = y}, Vec) end
print("vectors:", tostring(Vec.new(1, 2) + Vec.new(3, 4.5)))

local gen = coroutine.wrap(function()
  for word in ("the quick brown fox"):gmatch("%a+") do coroutine.yield(word:upper()) end
end)
print("words:", gen(), gen(), gen(), gen())

do
  local res <close> = setmetatable({}, {__close = function() print("closed the resource") end})
  print("using the resource")
end

local ok, err = pcall(function() local t = nil; return t.field end)
print("caught:", ok, err)
