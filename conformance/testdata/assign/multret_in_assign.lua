-- checks a function call in the middle of an expression list is truncated to one value
local function two() return "a", "b" end
local x, y, z = two(), two()
print(x, y, z)
local p, q, r = two(), "c"
print(p, q, r)
local t = {}
t.x, t.y, t.z = two()
print(t.x, t.y, t.z)
