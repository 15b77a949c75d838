-- an uncaught "calling 'x' on bad self" error
local Stack = {}
Stack.len = rawlen
local s = setmetatable({}, {__index = Stack})
print(s.len({1, 2}))
local v = 5
local wrapper = {len = rawlen}
print(wrapper.len("abc"))
local o = setmetatable({n = 1}, {__index = {size = coroutine.status}})
o:size()
