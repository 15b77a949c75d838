-- errors inside a coroutine are returned by resume and kill the coroutine
local co = coroutine.create(function(x)
  coroutine.yield(x)
  local t = nil
  return t.field
end)
print(coroutine.resume(co, "first"))
print(coroutine.resume(co))
print(coroutine.status(co))
local co2 = coroutine.create(function() error({reason = "table error"}) end)
local ok, e = coroutine.resume(co2)
print(ok, type(e), e.reason)
local co3 = coroutine.create(function() error("level zero", 0) end)
print(coroutine.resume(co3))
local co4 = coroutine.create(function() error() end)
print(coroutine.resume(co4))
