-- prime sieve built from a chain of filtering coroutines
local function gen(n)
  return coroutine.wrap(function() for i = 2, n do coroutine.yield(i) end end)
end
local function filter(p, g)
  return coroutine.wrap(function()
    for x in g do
      if x % p ~= 0 then coroutine.yield(x) end
    end
  end)
end
local primes = {}
local g = gen(60)
while true do
  local p = g()
  if p == nil then break end
  primes[#primes + 1] = p
  g = filter(p, g)
end
print(table.concat(primes, " "))
