-- checks errors raised inside __index/__newindex/__call propagate with their own positions
local t = setmetatable({}, {__index = function(_, k) error("no field " .. k) end})
print(pcall(function() return t.foo end))
local u = setmetatable({}, {__newindex = function(_, k) error("read-only " .. k, 2) end})
print(pcall(function() u.bar = 1 end))
