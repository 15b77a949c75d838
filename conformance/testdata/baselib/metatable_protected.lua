-- the __metatable field hides the real metatable and blocks setmetatable
local mt = {__metatable = "locked"}
local t = setmetatable({}, mt)
print(getmetatable(t))
print(pcall(setmetatable, t, {}))
print(pcall(setmetatable, t, nil))
local mt2 = {__metatable = false}
local u = setmetatable({}, mt2)
print(getmetatable(u))
print(pcall(setmetatable, u, {}))
local tab = {}
local v = setmetatable({}, {__metatable = tab})
print(getmetatable(v) == tab)
-- the string metatable is not protected by a __metatable field
print(rawequal(getmetatable(""), getmetatable("a")))
