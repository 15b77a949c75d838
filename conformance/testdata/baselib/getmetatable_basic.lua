-- getmetatable for tables, strings and values without metatables
local mt = {}
local t = setmetatable({}, mt)
print(getmetatable(t) == mt)
print(getmetatable({}))
print(getmetatable(1), getmetatable(nil), getmetatable(true), getmetatable(print))
print(getmetatable("abc") ~= nil)
print(getmetatable("abc").__index == string)
print(getmetatable("") == getmetatable("other"))
print(("x"):rep(3))
print(pcall(getmetatable))
