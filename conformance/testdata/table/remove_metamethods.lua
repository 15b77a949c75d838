-- table.remove uses __len, __index and __newindex
local log = {}
local store = {"a", "b", "c"}
local p = setmetatable({}, {
  __len = function() return #store end,
  __index = function(_, k) log[#log + 1] = "get" .. k; return store[k] end,
  __newindex = function(_, k, v) log[#log + 1] = "set" .. k .. "=" .. tostring(v); store[k] = v end,
})
print(table.remove(p, 1))
print(table.concat(log, " "))
print(#store, store[1], store[2])
