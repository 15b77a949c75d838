-- using insert and remove as a queue and stack
local q = {}
for i = 1, 5 do table.insert(q, i) end
local out = {}
while #q > 0 do out[#out + 1] = table.remove(q, 1) end
print(table.concat(out, " "))
local s = {}
for i = 1, 5 do table.insert(s, 1, i) end
print(table.concat(s, " "))
while #s > 0 do io.write(table.remove(s), " ") end
print()
