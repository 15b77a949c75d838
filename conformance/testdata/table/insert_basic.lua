-- table.insert appending and at positions
local t = {}
table.insert(t, "a")
table.insert(t, "b")
table.insert(t, 1, "first")
table.insert(t, 3, "mid")
table.insert(t, #t + 1, "last")
print(#t, table.concat(t, ","))
table.insert(t, 2.0, "float pos")
print(table.concat(t, ","))
local u = {}
table.insert(u, 1, "only")
print(#u, u[1])
table.insert(u, nil)
print(#u)
