-- yield in the main thread fails with "attempt to yield from outside a coroutine"
print(pcall(coroutine.yield))
print(pcall(coroutine.yield, 1, 2))
print(pcall(function() coroutine.yield("x") end))
print(coroutine.isyieldable())
