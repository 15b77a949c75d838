-- checks tables, functions, booleans and strings work as distinct keys
local t = {}
local k1, k2 = {}, {}
local f = function() end
t[k1], t[k2], t[f], t[true], t[false], t["1"], t[1] = "k1", "k2", "f", "T", "F", "s1", "i1"
print(t[k1], t[k2], t[f], t[true], t[false], t["1"], t[1])
print(t[{}], t[1.0])
local n = 0
for _ in pairs(t) do n = n + 1 end
print(n)
