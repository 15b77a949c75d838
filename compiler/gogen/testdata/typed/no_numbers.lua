-- a loop of table accesses and calls only gets no typed copy
local t = {}
for i = 1, 5 do t[i] = tostring(i) end
print(table.concat(t, ","))
