-- yields can cross xpcall; the message handler still runs for later errors
local co = coroutine.wrap(function()
  local r = {xpcall(function()
    local a = coroutine.yield(1)
    local b = coroutine.yield(a + 1)
    error("fail " .. b, 0)
  end, function(m) return "handled: " .. m end)}
  coroutine.yield(r[1], r[2])
  return "done"
end)
print(co())
print(co(10))
print(co(20))
print(co())
