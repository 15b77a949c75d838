-- yield and return with no values produce just true from resume
local co = coroutine.create(function() coroutine.yield() end)
print(select('#', coroutine.resume(co)))
print(select('#', coroutine.resume(co)))
print(coroutine.resume(co))
local w = coroutine.wrap(function() coroutine.yield() end)
print(select('#', w()))
print(select('#', w()))
