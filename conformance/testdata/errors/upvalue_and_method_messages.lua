-- checks messages mentioning upvalues and methods, including string methods that do not exist
local cfg = {}
local obj = {}
print(pcall(function() return cfg.a.b end))
print(pcall(function() return obj:nomethod() end))
print(pcall(function() return ("s"):nomethod() end))
print(pcall(function() local s = "s"; return s.x.y end))
