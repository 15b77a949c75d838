-- math.atan with one and two arguments, all quadrants
local f = function(x) return string.format("%.17g", x) end
print(f(math.atan(1)), f(math.atan(-1)), f(math.atan(math.huge)))
print(f(math.atan(1, 1)), f(math.atan(1, -1)), f(math.atan(-1, -1)), f(math.atan(-1, 1)))
print(f(math.atan(0, -1)), f(math.atan(-0.0, -1)), f(math.atan(0, 1)), f(math.atan(1, 0)))
print(math.atan(0, 0), math.atan(-0.0, 0))
print(f(math.atan(3, 4)), f(math.atan(2)))
