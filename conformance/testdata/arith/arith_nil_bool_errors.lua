-- checks arithmetic errors on nil, booleans, tables and functions with variable names
local x
print(pcall(function() return x + 1 end))
print(pcall(function() return 1 + undefinedglobal end))
print(pcall(function() local b = true; return b * 2 end))
print(pcall(function() local t = {}; return t.field - 1 end))
print(pcall(function() local t = {}; return 2 % t end))
print(pcall(function() return print // 2 end))
print(pcall(function() return nil + nil end))
