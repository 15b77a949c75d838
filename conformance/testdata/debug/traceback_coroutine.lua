-- debug.traceback of a suspended coroutine and of a dead one
local co = coroutine.create(function(a)
  local function deep() coroutine.yield(1) end
  deep()
  error("boom")
end)
coroutine.resume(co)
print(debug.traceback(co))
print(debug.traceback(co, "with message"))
print(debug.traceback(co, "from level 1", 1))
print(coroutine.resume(co))
print(debug.traceback(co))
