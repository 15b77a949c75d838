-- fully weak tables lose entries when either key or value is collected
local t = setmetatable({}, {__mode = "kv"})
local a, b = {}, {}
t[a] = {}
t[1] = b
t[2] = {}
t.x = a
collectgarbage()
local keys = {}
for k in pairs(t) do keys[#keys + 1] = type(k) == "table" and "tablekey" or tostring(k) end
table.sort(keys)
print(table.concat(keys, " "))
