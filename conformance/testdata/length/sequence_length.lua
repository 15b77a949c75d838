-- checks # on proper sequences built in several ways
print(#{}, #{1}, #{1, 2, 3}, #{n = 1}, #{1, 2, n = 3})
local t = {}
for i = 1, 100 do t[i] = i end
print(#t)
t[#t + 1] = "x"
print(#t)
t[#t] = nil
t[#t] = nil
print(#t)
local u = {"a", "b", "c"}
table.insert(u, "d")
table.remove(u, 1)
print(#u, u[1])
print(#{nil}, #{n = nil})
