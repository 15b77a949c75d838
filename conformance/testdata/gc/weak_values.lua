-- entries of a weak-valued table disappear when the values are collected
local cache = setmetatable({}, {__mode = "v"})
local keep = {}
cache.kept = keep
cache.dropped = {}
cache.str = "strings are values, never collected from weak tables"
cache.num = 42
collectgarbage()
collectgarbage()
local keys = {}
for k in pairs(cache) do keys[#keys + 1] = k end
table.sort(keys)
print(table.concat(keys, " "))
