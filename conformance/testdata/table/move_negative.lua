-- table.move with zero and negative indexes
local t = {[-2] = "a", [-1] = "b", [0] = "c", "d"}
table.move(t, -2, 1, 5)
print(t[5], t[6], t[7], t[8])
local u = table.move(t, -2, 0, 1, {})
print(u[1], u[2], u[3])
