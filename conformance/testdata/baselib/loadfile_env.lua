-- loadfile's env argument becomes the chunk's _ENV
local env = {greeting = "hi", select = select}
local f = loadfile("lib/uses_env.lua", "t", env)
print(f())
print(f())
print(env.counter, counter)
local g = loadfile("lib/uses_env.lua")
print(g())
print(counter)
