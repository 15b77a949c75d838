-- checks __metatable hides the metatable from getmetatable and blocks setmetatable
local t = setmetatable({}, {__metatable = "locked"})
print(getmetatable(t))
print(pcall(setmetatable, t, {}))
print(pcall(setmetatable, t, nil))
local u = setmetatable({}, {__metatable = false})
print(getmetatable(u))
print(pcall(setmetatable, u, {}))
print(getmetatable("abc").__metatable, getmetatable("abc") == string, getmetatable("").__index == string)
