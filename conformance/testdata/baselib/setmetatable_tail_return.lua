-- return setmetatable(t, mt) as a tail call, for each number of results
-- the caller wants and from Lua, Go (pcall) and a coroutine
local mt = {__tostring = function() return "obj" end}
local function new() return setmetatable({}, mt) end
local a = new()
local b, c = new()
print(tostring(a), tostring(b), c)
print(pcall(new))
print(select('#', new()))
local t = {new(), new()}
print(#t, tostring(t[1]))
local co = coroutine.wrap(function() local x = new(); coroutine.yield(tostring(x)); return new() end)
print(co(), tostring(co()))
print(tostring((new())))
local function f() return new() end
print(tostring(f()))
