-- table.sort rejects arrays that are too big
local p = setmetatable({}, {__len = function() return math.maxinteger end})
print(pcall(table.sort, p))
