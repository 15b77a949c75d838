-- checks comparison error messages for every combination kind
print(pcall(function() return {} < {} end))
print(pcall(function() return 1 < {} end))
print(pcall(function() return "a" < 1 end))
print(pcall(function() return nil <= nil end))
print(pcall(function() return 1 >= nil end))
print(pcall(function() return setmetatable({}, {__name = "Obj"}) < 1 end))
