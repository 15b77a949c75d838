-- checks coroutine.close closes pending to-be-closed variables of a suspended coroutine
local co = coroutine.create(function()
  local r <close> = setmetatable({}, {__close = function(_, e) print("closed in coroutine", e) end})
  coroutine.yield("yielded")
  print("never resumed")
end)
print(coroutine.resume(co))
print(coroutine.close(co))
print(coroutine.status(co))
