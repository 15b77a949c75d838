-- entries of a weak-keyed table disappear when the keys are collected
local t = setmetatable({}, {__mode = "k"})
local k1 = {}
t[k1] = "kept"
t[{}] = "dropped"
t["strkey"] = "string key"
local n = 0
for _ in pairs(t) do n = n + 1 end
print(n)
collectgarbage()
n = 0
for k, v in pairs(t) do n = n + 1 end
print(n, t[k1], t.strkey)
