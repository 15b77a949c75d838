-- checks tables grow correctly in array and hash parts with many insertions and deletions
local t = {}
for i = 1, 1000 do t[i] = i * 2 end
print(#t, t[1], t[500], t[1000])
for i = 1, 1000 do t["k" .. i] = i end
print(t.k1, t.k1000)
for i = 1, 1000 do t["k" .. i] = nil end
local n = 0
for _ in pairs(t) do n = n + 1 end
print(n)
