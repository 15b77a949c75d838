-- deep (non-tail) recursion inside a coroutine, yielding from the bottom
local function depth(n)
  if n == 0 then
    coroutine.yield("bottom reached")
    return 0
  end
  return 1 + depth(n - 1)
end
local co = coroutine.create(function(n) return depth(n) end)
print(coroutine.resume(co, 10000))
print(coroutine.resume(co))
local co2 = coroutine.create(function() local function inf() return 1 + inf() end return inf() end)
local ok, e = coroutine.resume(co2)
print(ok, (e:gsub("%d+", "N")))
print(coroutine.status(co2))
