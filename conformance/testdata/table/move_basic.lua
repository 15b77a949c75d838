-- table.move within a table (overlapping both directions) and to another table
local function show(t, n) local o = {} for i = 1, n do o[i] = tostring(t[i]) end return table.concat(o, ",") end
local t = {1, 2, 3, 4, 5}
table.move(t, 1, 3, 3)
print(show(t, 5))
t = {1, 2, 3, 4, 5}
table.move(t, 3, 5, 1)
print(show(t, 5))
t = {1, 2, 3}
local u = {"a", "b", "c", "d"}
local r = table.move(t, 1, 3, 2, u)
print(r == u, show(u, 4))
r = table.move(t, 1, 3, 1)
print(r == t)
t = {1, 2, 3}
table.move(t, 2, 1, 1)
print(show(t, 3))
t = {1, 2, 3}
table.move(t, 1, 3, 5)
print(show(t, 7))
