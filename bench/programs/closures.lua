-- closures: creating closures and calling them. Counters that share and
-- update upvalues, higher-order map/filter/reduce over arrays with fresh
-- function arguments, function composition and currying, and varargs
-- forwarding through select('#', ...).
-- Measures closure creation, upvalue access and Lua-to-Lua calls through
-- locals and table slots. Checksum: the sum of every result.
-- bench: quick=20
local rounds = tonumber(arg and arg[1]) or 15000

local M = 1000000007

local function map(t, f)
  local r = {}
  for i = 1, #t do
    r[i] = f(t[i])
  end
  return r
end

local function filter(t, p)
  local r, n = {}, 0
  for i = 1, #t do
    local v = t[i]
    if p(v) then
      n = n + 1
      r[n] = v
    end
  end
  return r
end

local function reduce(t, f, acc)
  for i = 1, #t do
    acc = f(acc, t[i])
  end
  return acc
end

local function compose(f, g)
  return function(x)
    return f(g(x))
  end
end

local function adder(a)
  return function(b)
    return a + b
  end
end

local function makeCounter()
  local count = 0
  local function inc(k)
    count = count + (k or 1)
    return count
  end
  local function get()
    return count
  end
  return inc, get
end

local function countArgs(...)
  return select("#", ...)
end

local function forward(f, ...)
  return f(...)
end

local data = {}
for i = 1, 500 do
  data[i] = i
end

local total = 0
for round = 1, rounds do
  local add = adder(round)
  local double = function(x)
    return x * 2
  end
  local f = compose(add, double)
  local mapped = map(data, f)
  local evens = filter(mapped, function(v)
    return v % 4 == 0
  end)
  local sum = reduce(evens, function(a, b)
    return (a + b) % M
  end, 0)
  local inc, get = makeCounter()
  for i = 1, 100 do
    inc(i % 3)
  end
  inc()
  local nargs = 0
  for i = 1, 50 do
    nargs = nargs + forward(countArgs, i, nil, round)
  end
  total = (total + sum + get() + nargs + #evens) % M
end

print(string.format("%d", total))
