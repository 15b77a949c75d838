-- arithmetic metamethods of tables from ADD, SUB, MUL and their K forms:
-- Lua and Go functions, swapped operands, errors, deep chains, a yield
local mt = {}
mt.__add = function(a, b) return "add(" .. tostring(type(a) == "table" and "t" or a) .. "," .. tostring(type(b) == "table" and "t" or b) .. ")" end
mt.__sub = function(a, b) return "sub" end
mt.__mul = function(a, b, c) return "mul " .. tostring(c) end
local t = setmetatable({}, mt)
print(t + t, t + 1, t + 2.5, 1 + t, t - t, t - 1, t - 2.5, 2 - t, t * t, t * 2, 2 * t, t * 2.5)
local g = setmetatable({}, {__add = rawequal, __mul = select})
print(g + g, pcall(function() return g * 1 end))
print(pcall(function() return {} + 1 end))
print(pcall(function() return {} * {} end))
print(pcall(function() local x = {}; return x - 1.5 end))
local deep = setmetatable({}, {__add = function(a, b) return a end})
local ok, e = pcall(function() local x = deep; for i = 1, 100 do x = x + x end; return x == deep end)
print(ok, e)
local co = coroutine.wrap(function() local y = setmetatable({}, {__mul = function(a, b) coroutine.yield("in mul"); return 42 end}); return y * 3 end)
print(co(), co())
