-- coroutine argument errors when called from Lua code name the field used
print(pcall(function() coroutine.resume(nil) end))
print(pcall(function() coroutine.status("x") end))
print(pcall(function() coroutine.close(42) end))
print(pcall(function() coroutine.wrap(nil) end))
print(pcall(function() coroutine.create(true) end))
print(pcall(function() local c = coroutine.create; c(1) end))
