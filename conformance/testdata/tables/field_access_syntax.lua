-- checks a.b is sugar for a["b"] and nested indexing
local t = {a = {b = {c = "deep"}}}
print(t.a.b.c, t["a"]["b"]["c"], t.a["b"].c)
t.x = 1
t["y"] = 2
print(t["x"], t.y)
local s = "a"
print(t[s].b.c)
