-- an infinite Fibonacci generator stopped by the consumer
local fib = coroutine.wrap(function()
  local a, b = 0, 1
  while true do
    coroutine.yield(a)
    a, b = b, a + b
  end
end)
local out = {}
for i = 1, 20 do out[i] = fib() end
print(table.concat(out, ","))
print(fib(), fib())
