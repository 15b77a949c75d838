-- a broken comparator triggers "invalid order function for sorting"
local t = {}
for i = 1, 100 do t[i] = (i * 37) % 101 end
print(pcall(table.sort, t, function(a, b) return true end))
local u = {3, 1, 2}
print(pcall(table.sort, u, function(a, b) return a <= b end) ~= nil)
