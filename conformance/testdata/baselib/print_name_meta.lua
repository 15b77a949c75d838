-- __name in a metatable changes the type prefix used by tostring (address stripped)
local function prefix(v) return (tostring(v):match("^(.-): ")) end
local obj = setmetatable({}, {__name = "MyType"})
print(prefix(obj))
print(prefix({}))
print(prefix(print))
print(prefix(coroutine.create(function() end)))
-- a non-string __name is ignored
print(prefix(setmetatable({}, {__name = 42})))
-- __tostring has priority over __name
print(tostring(setmetatable({}, {__name = "N", __tostring = function() return "T" end})))
print(type(obj))
