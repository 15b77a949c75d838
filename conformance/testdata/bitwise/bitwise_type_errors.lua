-- checks bitwise operations on non-numbers report "attempt to perform bitwise operation on a X value"
local t, b = {}, true
print(pcall(function() return t & 1 end))
print(pcall(function() return 1 | b end))
print(pcall(function() return ~nil end))
print(pcall(function() return missing << 1 end))
print(pcall(function() local r = {x = {}}; return r.x >> 1 end))
print(pcall(function() return print ~ 1 end))
