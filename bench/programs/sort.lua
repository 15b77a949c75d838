-- sort: table.sort on numbers (default order and a Lua comparator),
-- strings and records compared by two fields; then table.insert and
-- table.remove at the end and in the middle of a list.
-- Measures the sort's comparisons (calls of a Lua function from the
-- library), array reads and writes, and shifting in insert/remove.
-- Checksum: a hash of sampled elements after each step.
-- bench: quick=2000
local n = tonumber(arg and arg[1]) or 200000

local M = 1000000007
local seed = 42
local function rand(m) -- Park-Miller, exact in doubles and integers
  seed = (seed * 16807) % 2147483647
  return seed % m
end

local acc = 0
local function mix(x)
  acc = (acc * 31 + x) % M
end

-- numbers, default comparison
local a = {}
for i = 1, n do
  a[i] = rand(1000000)
end
table.sort(a)
for i = 2, n do
  if a[i - 1] > a[i] then
    error("not sorted")
  end
end
for i = 1, n, 97 do
  mix(a[i])
end

-- numbers, descending with a Lua comparator
local b = {}
for i = 1, n do
  b[i] = rand(1000000)
end
table.sort(b, function(x, y)
  return x > y
end)
for i = 1, n, 89 do
  mix(b[i])
end

-- strings
local m = math.floor(n / 4)
local s = {}
for i = 1, m do
  s[i] = string.format("key%07d", rand(10000000))
end
table.sort(s)
for i = 1, m, 53 do
  mix(s[i]:byte(-1) + s[i]:byte(-2) * 10)
end

-- records by key then id (a total order, so every sort agrees)
local recs = {}
for i = 1, m do
  recs[i] = { key = rand(1000), id = i }
end
table.sort(recs, function(p, q)
  if p.key ~= q.key then
    return p.key < q.key
  end
  return p.id < q.id
end)
for i = 1, m, 31 do
  mix(recs[i].id)
end

-- insert and remove at the end
local t = {}
for i = 1, n do
  table.insert(t, i)
end
local popped = 0
for _ = 1, math.floor(n / 2) do
  popped = (popped + table.remove(t)) % M
end
mix(popped)
mix(#t)

-- insert and remove in the middle of a short list
local list = {}
for i = 1, 2000 do
  list[i] = i
end
for i = 1, math.floor(n / 10) do
  table.insert(list, rand(#list) + 1, i)
  mix(table.remove(list, rand(#list) + 1))
end
mix(#list)

print(string.format("%d", acc))
