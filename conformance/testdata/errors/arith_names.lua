-- checks arithmetic error messages name the offending operand (field/local/global/upvalue/constant)
local u = {}
print(pcall(function() local t = {}; return t.x + 1 end))
print(pcall(function() local a = "1"; local b = {}; return a + b end))
print(pcall(function() return 1 + gv end))
print(pcall(function() return u * 2 end))
print(pcall(function() return 2 - {} end))
print(pcall(function() local t = {x = {}}; return -t.x end))
