-- table.remove edge cases: empty tables, position #t+1, position 0
local t = {}
print(table.remove(t), #t)
print(table.remove(t, 0), table.remove(t, 1))
print(pcall(table.remove, t, 2))
print(pcall(table.remove, t, -1))
t = {1, 2, 3}
print(table.remove(t, 4), #t)
print(pcall(table.remove, t, 5))
print(pcall(table.remove, t, 0))
t = {[0] = "zero"}
print(table.remove(t, 0), t[0])
t = {n = 1}
print(table.remove(t, #t), #t)
t = {1, 2, 3}
print(table.remove(t, #t), #t)
