-- pairs visits every key exactly once (printed after sorting)
local t = {1, 2, 3, x = "a", y = "b", [10] = "ten", [2.5] = "float"}
local keys = {}
for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) end
table.sort(keys)
for _, s in ipairs(keys) do print(s) end
local f, s, init = pairs(t)
print(f == next, s == t, init)
local n = 0
for _ in pairs({}) do n = n + 1 end
print("empty count", n)
print(pcall(pairs))
-- without __pairs, pairs accepts any value and returns next, value, nil
local ok, f1, s1, i1 = pcall(pairs, nil)
print(ok, f1 == next, s1, i1)
local ok2, f2, s2, i2 = pcall(pairs, 1)
print(ok2, f2 == next, s2, i2)
print(pcall(function() for _ in pairs(1) do end end))
