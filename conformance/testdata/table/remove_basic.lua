-- table.remove from the end, the middle and the front
local t = {"a", "b", "c", "d"}
print(table.remove(t), #t)
print(table.remove(t, 1), #t, table.concat(t, ","))
print(table.remove(t, 2), #t, table.concat(t, ","))
print(table.remove(t), #t)
print(table.remove(t), #t)
print(select('#', table.remove(t)))
