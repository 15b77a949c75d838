-- debug.traceback of a suspended coroutine and of one that died with an error
local function inner() coroutine.yield("paused") end
local function outer() inner() end
local co = coroutine.create(function() outer() end)
coroutine.resume(co)
print(debug.traceback(co))
print("--")
print(debug.traceback(co, "message here"))
print("--")
local bad = coroutine.create(function()
  local function fails() error("broken") end
  fails()
end)
print(coroutine.resume(bad))
print(debug.traceback(bad))
