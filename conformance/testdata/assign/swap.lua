-- checks all right-hand values are evaluated before assignment, making swaps work
local a, b = 1, 2
a, b = b, a
print(a, b)
local t = {1, 2, 3}
t[1], t[3] = t[3], t[1]
print(t[1], t[2], t[3])
local x, y, z = "x", "y", "z"
x, y, z = z, x, y
print(x, y, z)
