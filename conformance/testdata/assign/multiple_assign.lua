-- checks multiple assignment with extra or missing values
local a, b, c = 1, 2
print(a, b, c)
local d, e = 1, 2, 3
print(d, e)
local x, y
x, y = "only"
print(x, y)
local function f() return 10, 20, 30 end
local p, q, r, s = f()
print(p, q, r, s)
local u, v, w = f(), 5
print(u, v, w)
local m, n = (f())
print(m, n)
