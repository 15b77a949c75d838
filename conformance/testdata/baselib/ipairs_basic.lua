-- ipairs iterates 1..n and stops at the first nil
local t = {10, 20, 30, nil, 50}
for i, v in ipairs(t) do print(i, v) end
print("--")
for i, v in ipairs({}) do print("never", i, v) end
local u = {[1] = "a", [2] = "b", [4] = "d", x = "ignored"}
for i, v in ipairs(u) do print(i, v) end
print("--")
local f, s, init = ipairs(t)
print(type(f), s == t, init)
print(f(t, 0))
print(f(t, 2))
print(f(t, 3))
print(select('#', f(t, 3)))
