-- table.unpack uses __index and __len
local p = setmetatable({}, {__index = function(_, k) return k * k end, __len = function() return 4 end})
print(table.unpack(p))
print(table.unpack(p, 3, 5))
