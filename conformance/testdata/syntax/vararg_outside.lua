-- checks "cannot use '...' outside a vararg function"
print(load("function f() return ... end"))
print(load("local function g(a, b) print(...) end"))
print(load("return ...") ~= nil)
print(load("function f(...) return function() return ... end end"))
print(load("function f(..., a) end"))
