-- wrapped coroutines nested inside each other yield to their own callers
local outer = coroutine.wrap(function()
  local inner = coroutine.wrap(function()
    coroutine.yield("inner 1")
    coroutine.yield("inner 2")
    return "inner done"
  end)
  coroutine.yield("outer got " .. inner())
  coroutine.yield("outer got " .. inner())
  coroutine.yield("outer got " .. inner())
  return "outer done"
end)
for i = 1, 4 do print(outer()) end
local errwrap = coroutine.wrap(function()
  local inner = coroutine.wrap(function() error("deep failure") end)
  inner()
end)
print(pcall(errwrap))
