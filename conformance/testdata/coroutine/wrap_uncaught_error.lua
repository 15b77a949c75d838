-- an uncaught error from inside a wrapped coroutine reaches the standalone interpreter
local gen = coroutine.wrap(function()
  coroutine.yield(1)
  error("generator broke")
end)
print(gen())
gen()
