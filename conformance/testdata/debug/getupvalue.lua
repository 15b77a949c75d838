-- debug.getupvalue names and values, including _ENV
local x, y = 10, "why"
local function f() return x, y end
print(debug.getupvalue(f, 1))
print(debug.getupvalue(f, 2))
print(debug.getupvalue(f, 3))
local function g() return print end
local name, val = debug.getupvalue(g, 1)
print(name, val == _ENV)
print(debug.getupvalue(print, 1))
local cf = string.gmatch("a", "a")
print(debug.getupvalue(cf, 1))
print(pcall(debug.getupvalue, 1, 1))
