-- resuming a running or normal coroutine fails with "cannot resume non-suspended coroutine"
local co
co = coroutine.create(function()
  print("resume self:", coroutine.resume(co))
  local child = coroutine.create(function()
    print("resume parent:", coroutine.resume(co))
    return "child done"
  end)
  print(coroutine.resume(child))
  return "parent done"
end)
print(coroutine.resume(co))
local main = coroutine.running()
print("resume main:", coroutine.resume(main))
