-- coroutine.create and coroutine.wrap require a function
print(pcall(coroutine.create))
print(pcall(coroutine.create, nil))
print(pcall(coroutine.create, 1))
print(pcall(coroutine.create, {}))
print(pcall(coroutine.create, setmetatable({}, {__call = function() end})))
print(pcall(coroutine.wrap))
print(pcall(coroutine.wrap, "f"))
print(pcall(coroutine.create, print) and "C function accepted")
