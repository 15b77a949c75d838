-- strings and numbers are not collectable keys/values for weak tables
local t = setmetatable({}, {__mode = "kv"})
t[1] = "a" .. string.rep("b", 3)
t["key" .. 1] = 2
t[true] = false
collectgarbage()
print(t[1], t.key1, t[true])
