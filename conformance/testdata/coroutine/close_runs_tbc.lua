-- closing a suspended coroutine runs its pending to-be-closed variables in reverse order
local function res(name)
  return setmetatable({}, {__close = function(_, err) print("close", name, err) end})
end
local co = coroutine.create(function()
  local a <close> = res("a")
  do
    local b <close> = res("b")
    coroutine.yield("yielded inside block")
  end
  print("not reached")
end)
print(coroutine.resume(co))
print(coroutine.close(co))
print(coroutine.status(co))
