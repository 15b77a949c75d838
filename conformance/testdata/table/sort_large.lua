-- sorting a large pseudo-random array gives a sorted permutation
local seed = 12345
local function rnd() seed = (seed * 1103515245 + 12345) % 2147483648; return seed end
local t, sum = {}, 0
for i = 1, 5000 do t[i] = rnd() % 100000; sum = sum + t[i] end
table.sort(t)
local ok, sum2 = true, 0
for i = 1, #t do
  sum2 = sum2 + t[i]
  if i > 1 and t[i - 1] > t[i] then ok = false end
end
print(ok, sum == sum2, #t, t[1], t[#t])
table.sort(t, function(a, b) return a > b end)
print(t[1], t[#t])
