-- table.insert uses __len, __index and __newindex
local log = {}
local store = {10, 20, 30}
local p = setmetatable({}, {
  __len = function() return #store end,
  __index = function(_, k) log[#log + 1] = "get" .. k; return store[k] end,
  __newindex = function(_, k, v) log[#log + 1] = "set" .. k .. "=" .. tostring(v); store[k] = v end,
})
table.insert(p, 40)
print(table.concat(log, " "))
log = {}
table.insert(p, 1, 5)
print(table.concat(log, " "))
print(table.concat(store, ","))
