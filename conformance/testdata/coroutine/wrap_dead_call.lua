-- calling a finished wrap function raises "cannot resume dead coroutine"
local f = coroutine.wrap(function() return "only once" end)
print(f())
print(pcall(f))
local g = coroutine.wrap(function() return 1 end)
g()
print(pcall(function() return g() end))
