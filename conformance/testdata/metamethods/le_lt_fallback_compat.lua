-- checks __le absent: the reference lua5.4 (built with LUA_COMPAT_5_3, hence LUA_COMPAT_LT_LE)
-- still emulates a <= b as not (b < a) using __lt; only __lt is defined here
local log = {}
local mt = {__lt = function(a, b) log[#log + 1] = a.n .. "<" .. b.n; return a.v < b.v end}
local a = setmetatable({n = "a", v = 1}, mt)
local b = setmetatable({n = "b", v = 2}, mt)
print(a < b, b < a)
print(pcall(function() return a <= b end))
print(pcall(function() return a >= b end))
print(table.concat(log, " "))
