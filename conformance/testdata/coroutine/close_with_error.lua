-- close returns false plus the error object for coroutines that died by error
local co = coroutine.create(function() error("died") end)
print(coroutine.resume(co))
print(coroutine.close(co))
print(coroutine.close(co))
local obj = {}
local co2 = coroutine.create(function() error(obj) end)
coroutine.resume(co2)
local ok, e = coroutine.close(co2)
print(ok, e == obj)
local co3 = coroutine.create(function() return 1 end)
coroutine.resume(co3)
print(coroutine.close(co3))
