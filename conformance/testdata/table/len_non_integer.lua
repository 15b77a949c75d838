-- table functions require __len to return an integer
local p = setmetatable({}, {__len = function() return "x" end})
print(pcall(table.insert, p, 1))
local q = setmetatable({}, {__len = function() return 2.5 end})
print(pcall(table.unpack, q))
local r = setmetatable({"a", "b"}, {__len = function() return 2.0 end})
print(table.unpack(r))
