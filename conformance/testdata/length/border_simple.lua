-- checks # on a table with a single trailing border gives that border
local t = {1, 2, 3, nil}
print(#t)
local u = {}
u[1], u[2], u[3] = 1, 2, 3
u[5] = nil
print(#u)
local v = {n = 1, [1] = "a", [2] = "b"}
print(#v)
