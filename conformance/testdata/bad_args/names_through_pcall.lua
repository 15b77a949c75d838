-- when called directly by pcall, the function name comes from the loaded libraries
print(pcall(setmetatable, 1))
print(pcall(rawlen, 1))
print(pcall(coroutine.resume, 1))
print(pcall(coroutine.status, nil))
print(pcall(coroutine.wrap, 1))
print(pcall(coroutine.close))
print(pcall(tonumber, "1", 99))
print(pcall(select, 0))
