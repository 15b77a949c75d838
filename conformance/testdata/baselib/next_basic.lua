-- next on empty/non-empty tables, and traversal with next
print(next({}))
print(next({}, nil))
print(next({10}))
print(next({10}, 1))
local t = {a = 1}
local k, v = next(t)
print(k, v)
print(next(t, k))
local count = 0
local big = {}
for i = 1, 100 do big[i] = i; big["k" .. i] = i end
local key = next(big)
while key ~= nil do count = count + 1; key = next(big, key) end
print(count)
-- assigning existing fields during traversal is allowed
for k in pairs(big) do big[k] = 0 end
local sum = 0
for _, v in pairs(big) do sum = sum + v end
print(sum)
