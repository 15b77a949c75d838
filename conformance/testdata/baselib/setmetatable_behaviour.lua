-- setmetatable returns its first argument and nil removes the metatable
local t = {}
local mt = {__index = function(_, k) return "default " .. k end}
print(setmetatable(t, mt) == t)
print(t.anything)
print(setmetatable(t, nil) == t)
print(t.anything)
print(getmetatable(t))
-- replacing one metatable with another
setmetatable(t, {__index = {a = 1}})
print(t.a)
setmetatable(t, {__index = {a = 2}})
print(t.a)
