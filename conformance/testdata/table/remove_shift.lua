-- table.remove shifts elements and clears the last slot
local t = {1, 2, 3, 4, 5}
table.remove(t, 2)
print(#t, t[1], t[2], t[3], t[4], t[5])
table.insert(t, 2, 2)
print(#t, table.concat(t, ","))
t = {1, 2, 3}
table.remove(t, 3)
print(#t, rawget(t, 3))
