-- sin cos tan and their inverses (printed with %.17g)
local f = function(x) return string.format("%.17g", x) end
print(f(math.sin(0)), f(math.sin(math.pi / 2)), f(math.sin(math.pi)), f(math.sin(1)))
print(f(math.cos(0)), f(math.cos(math.pi)), f(math.cos(1)), f(math.cos(-1)))
print(f(math.tan(0)), f(math.tan(math.pi / 4)), f(math.tan(1)))
print(f(math.asin(1)), f(math.asin(0.5)), f(math.acos(0)), f(math.acos(1)), f(math.acos(-1)))
local n = math.asin(2)
print(n ~= n)
print(math.sin(-0.0), math.type(math.sin(0)))
