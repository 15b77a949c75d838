-- checks __len on tables and that rawlen bypasses it
local t = setmetatable({1, 2}, {__len = function(self) return rawlen(self) * 10 end})
print(#t, rawlen(t))
local u = setmetatable({}, {__len = function() return nil end})
print(#u)
