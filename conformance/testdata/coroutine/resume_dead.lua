-- resuming a dead coroutine fails with "cannot resume dead coroutine"
local co = coroutine.create(function() return 1 end)
print(coroutine.resume(co))
print(coroutine.resume(co))
print(coroutine.resume(co, "again"))
local co2 = coroutine.create(function() error("failed") end)
print(coroutine.resume(co2))
print(coroutine.status(co2))
print(coroutine.resume(co2))
