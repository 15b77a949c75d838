-- closing the running coroutine or a normal coroutine is an error
local co
co = coroutine.create(function()
  print(pcall(coroutine.close, co))
  local child = coroutine.create(function()
    print(pcall(coroutine.close, co))
  end)
  coroutine.resume(child)
  return "ok"
end)
print(coroutine.resume(co))
print(pcall(coroutine.close, (coroutine.running())))
