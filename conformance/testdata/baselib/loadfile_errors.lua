-- loadfile reports missing files and syntax errors as nil plus a message
print(loadfile("lib/nofile.lua"))
print(loadfile("lib/syntax_bad.lua"))
print(loadfile("lib"))
local f = loadfile("lib/raises.lua")
print(type(f))
print(pcall(f))
