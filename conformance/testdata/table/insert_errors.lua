-- table.insert argument count and position errors
local t = {1, 2, 3}
print(pcall(table.insert, t))
print(pcall(table.insert, t, 1, 2, 3))
print(pcall(table.insert, t, 0, "x"))
print(pcall(table.insert, t, 5, "x"))
print(pcall(table.insert, t, -1, "x"))
print(pcall(table.insert, t, 4, "ok"), #t)
print(pcall(table.insert, t, 1.5, "x"))
print(pcall(table.insert, t, "2", "x"), t[2])
print(pcall(table.insert, nil, 1))
print(pcall(table.insert, "str", 1))
