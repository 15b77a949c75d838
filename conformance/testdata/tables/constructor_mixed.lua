-- checks positional items win over explicit [n]= keys assigned earlier in the same constructor
local t = {[1] = "explicit", "positional"}
print(t[1])
local u = {"p1", [2] = "e2", "p2", [3] = "e3"}
print(u[1], u[2], u[3])
local w = {x = 1, "a", y = 2, "b", [10] = "ten", "c"}
print(#w, w[1], w[2], w[3], w.x, w.y, w[10])
