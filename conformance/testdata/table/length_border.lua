-- # on sequences and with __len
local t = {1, 2, 3}
print(#t)
t[#t + 1] = 4
print(#t)
t[#t] = nil
print(#t)
local p = setmetatable({}, {__len = function() return 42 end})
print(#p, rawlen(p))
print(pcall(function() return #setmetatable({}, {__len = function() return "x" end}) end))
