-- loadfile compiles a file without running it; the chunk receives varargs
local f = loadfile("lib/values.lua")
print(type(f))
print(f())
print(f("a", "b", "c"))
print(loadfile("lib/values.lua", "t") ~= nil)
print(loadfile("lib/values.lua", "b"))
