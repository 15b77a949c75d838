-- math.max and math.min with many arguments and strings
local t = {}
for i = 1, 100 do t[i] = (i * 37) % 101 - 50 end
print(math.max(table.unpack(t)), math.min(table.unpack(t)))
print(math.max(1, 2, 3.5, 3), math.min(3, 2.5, 2, 10))
print(pcall(math.min, 1, nil))
