-- checks positional constructor items get consecutive integer keys starting at 1
local t = {"a", "b", "c"}
print(#t, t[1], t[2], t[3], t[0], t[4])
local u = {nil, "x", nil}
print(u[1], u[2], u[3])
local v = {{1, 2}, {3}}
print(#v, v[1][2], v[2][1])
