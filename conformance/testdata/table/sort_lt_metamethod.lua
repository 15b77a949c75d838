-- table.sort uses __lt for tables
local mt = {__lt = function(a, b) return a.v < b.v end}
local function V(v) return setmetatable({v = v}, mt) end
local t = {V(3), V(1), V(4), V(1.5), V(9), V(2)}
table.sort(t)
local out = {}
for i, x in ipairs(t) do out[i] = x.v end
print(table.concat(out, " "))
table.sort(t, function(a, b) return b < a end)
out = {}
for i, x in ipairs(t) do out[i] = x.v end
print(table.concat(out, " "))
