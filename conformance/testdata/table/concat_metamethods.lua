-- table.concat reads elements through __index and uses __len for the default end
local proxy = setmetatable({}, {
  __index = function(_, i) return "v" .. i end,
  __len = function() return 4 end,
})
print(table.concat(proxy, ","))
print(table.concat(proxy, ",", 2, 3))
local t = setmetatable({"x", "y"}, {__len = function() return 1 end})
print(table.concat(t, ","))
