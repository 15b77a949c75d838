-- table.sort of numbers, including mixed integers and floats
local t = {5, 3, 8, 1, 9, 2, 7, 4, 6, 0}
table.sort(t)
print(table.concat(t, " "))
t = {3.5, 1, -2, 2.25, 0, -0.5, 100, 1e10, -1e10}
table.sort(t)
print(table.concat(t, " "))
t = {}
table.sort(t)
print(#t)
t = {42}
table.sort(t)
print(t[1])
t = {math.maxinteger, math.mininteger, 0, math.huge, -math.huge}
table.sort(t)
print(table.concat(t, " "))
