-- checks missing parameters are nil and extra arguments are dropped
local function f(a, b, c) return a, b, c end
print(f(1))
print(f(1, 2, 3, 4, 5))
local function g(a, b, ...) return select('#', ...), a, b end
print(g(1))
print(g(1, 2, 3, 4))
