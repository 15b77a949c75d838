-- table.pack sets the n field, counting trailing nils
local t = table.pack(1, nil, 3, nil)
print(t.n, t[1], t[2], t[3], t[4])
t = table.pack()
print(t.n, #t)
t = table.pack(nil)
print(t.n)
t = table.pack("a", "b")
print(t.n, #t, t[1], t[2])
local function f(...) return table.pack(...) end
print(f(1, 2, 3).n)
