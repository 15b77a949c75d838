-- hooks are per thread: a hook set in a coroutine does not affect the main thread
local count = 0
local co = coroutine.create(function()
  debug.sethook(function() count = count + 1 end, "l")
  local a = 1
  local b = 2
  coroutine.yield()
  local c = 3
end)
coroutine.resume(co)
local before = count
local x = 1
local y = 2
print(count == before, before > 0)
print(debug.gethook())
print(debug.gethook(co) ~= nil)
debug.sethook(co)
print(debug.gethook(co))
