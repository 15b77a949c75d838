-- tail-recursive loops inside a coroutine can yield along the way
local function loop(n, acc)
  if n == 0 then return acc end
  if n % 250000 == 0 then coroutine.yield(n) end
  return loop(n - 1, acc + 1)
end
local co = coroutine.wrap(function() return loop(1000000, 0) end)
for i = 1, 5 do print(co()) end
