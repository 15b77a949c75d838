-- an uncaught bad-argument error from a library function called at top level
local co = coroutine.create(function() end)
print(coroutine.status(co))
coroutine.resume(co)
print(coroutine.status(co))
coroutine.status(nil)
