-- table.sort reads and writes through __index/__newindex and __len
local store = {5, 2, 4, 1, 3}
local p = setmetatable({}, {
  __len = function() return #store end,
  __index = function(_, k) return store[k] end,
  __newindex = function(_, k, v) store[k] = v end,
})
table.sort(p)
print(table.concat(store, ","))
