-- checks "attempt to compare two table values" and other same-type errors
print(pcall(function() return {} < {} end))
print(pcall(function() return {} <= {} end))
print(pcall(function() return nil < nil end))
print(pcall(function() return true < true end))
print(pcall(function() return coroutine.create(print) < coroutine.create(print) end))
