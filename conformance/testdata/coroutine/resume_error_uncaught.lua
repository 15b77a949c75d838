-- using assert on coroutine.resume results turns a coroutine failure into an uncaught error
local co = coroutine.create(function()
  local x = {}
  return x.y.z
end)
assert(coroutine.resume(co))
