-- after close, a coroutine is dead and cannot be resumed; closing again returns true
local co = coroutine.create(function() coroutine.yield() end)
coroutine.resume(co)
print(coroutine.close(co))
print(coroutine.status(co))
print(coroutine.resume(co))
print(coroutine.close(co))
