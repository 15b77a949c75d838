-- checks an __index/__newindex chain that loops forever is detected
local a, b = {}, {}
setmetatable(a, {__index = b})
setmetatable(b, {__index = a})
print(pcall(function() return a.x end))
setmetatable(a, {__newindex = b})
setmetatable(b, {__newindex = a})
print(pcall(function() a.x = 1 end))
