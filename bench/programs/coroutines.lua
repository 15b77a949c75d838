-- coroutines: generators built on coroutine.wrap (a range, and map and
-- filter stages stacked on it), a coroutine.create/resume accumulator
-- that receives a value with every resume, and a recursive permutation
-- generator that yields from nested calls.
-- Measures resume/yield switching and coroutine creation.
-- Checksum: sums of everything the generators produced, and the count of
-- switches.
-- bench: quick=2000
local n = tonumber(arg and arg[1]) or 1500000

local yield, wrap = coroutine.yield, coroutine.wrap
local M = 1000000007

local function range(k)
  return wrap(function()
    for i = 1, k do
      yield(i)
    end
  end)
end

local function mapGen(gen, f)
  return wrap(function()
    for v in gen do
      yield(f(v))
    end
  end)
end

local function filterGen(gen, p)
  return wrap(function()
    for v in gen do
      if p(v) then
        yield(v)
      end
    end
  end)
end

local switches = 0

-- a three-stage pipeline
local s1 = 0
local pipeline = filterGen(mapGen(range(n), function(v)
  return v * 3
end), function(v)
  return v % 2 == 0
end)
for v in pipeline do
  s1 = (s1 + v) % M
end
switches = switches + n * 2 + math.floor(n / 2)

-- values passed both ways through resume and yield
local acc = coroutine.create(function(a)
  local total = 0
  while true do
    total = (total + a) % M
    a = yield(total)
  end
end)
local s2 = 0
for i = 1, n do
  local ok, t = coroutine.resume(acc, i)
  if not ok then
    error(t)
  end
  s2 = t
end
switches = switches + n

-- permutations yielded from recursive calls; many coroutines
local function permgen(a, k)
  if k == 0 then
    yield(a)
  else
    for i = 1, k do
      a[k], a[i] = a[i], a[k]
      permgen(a, k - 1)
      a[k], a[i] = a[i], a[k]
    end
  end
end

local function permutations(a)
  return wrap(function()
    permgen(a, #a)
  end)
end

local s3, perms = 0, 0
for round = 1, math.floor(n / 5000) + 1 do
  for p in permutations({ 1, 2, 3, 4, 5, 6 }) do
    perms = perms + 1
    s3 = (s3 * 7 + p[1] * 100 + p[6] * 10 + round) % M
  end
end
switches = switches + perms

print(string.format("%d %d %d %d", s1, s2, s3, switches))
