-- checks __len is called even for tables with array items and receives the table itself
local seen
local t = setmetatable({1, 2, 3}, {__len = function(self) seen = self; return -1 end})
print(#t, seen == t)
local nested = setmetatable({}, {__len = function() return #"four" end})
print(#nested)
