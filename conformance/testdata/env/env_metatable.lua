-- checks a metatable on _ENV can trap reads and writes of undeclared globals
local declared = {}
setmetatable(_G, {
  __newindex = function(t, k, v) declared[#declared + 1] = k; rawset(t, k, v) end,
  __index = function(_, k) error("undeclared global '" .. k .. "'", 2) end,
})
newg = 1
print(newg, declared[1])
print(pcall(function() return undeclared_x end))
setmetatable(_G, nil)
