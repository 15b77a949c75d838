-- checks <= on tables with neither __le nor __lt raises "attempt to compare two table values"
local mt = {__eq = function() return true end}
local a, b = setmetatable({}, mt), setmetatable({}, mt)
print(a == b)
print(pcall(function() return a <= b end))
print(pcall(function() return a < b end))
