-- table.move goes through __index and __newindex
local log = {}
local src = setmetatable({}, {__index = function(_, k) log[#log + 1] = "r" .. k; return k * 10 end})
local dst = setmetatable({}, {__newindex = function(t, k, v) log[#log + 1] = "w" .. k .. "=" .. v; rawset(t, k, v) end})
table.move(src, 1, 3, 2, dst)
print(table.concat(log, " "))
print(dst[2], dst[3], dst[4])
log = {}
local same = setmetatable({}, {__index = function(_, k) log[#log + 1] = "r" .. k; return k end,
  __newindex = function(t, k, v) log[#log + 1] = "w" .. k; rawset(t, k, v) end})
table.move(same, 1, 3, 2)
print(table.concat(log, " "))
