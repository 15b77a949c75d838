-- checks pairs visits every key exactly once (keys sorted for deterministic output)
local t = {10, 20, 30, a = 1, b = 2, [100] = 3, [-1] = 4}
local keys = {}
for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) end
table.sort(keys)
print(table.concat(keys, " "))
print(next({}), next({7}))
print(pcall(next, {}, "nokey"))
