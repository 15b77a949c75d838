-- errors raised by __tostring while converting an error object are themselves catchable
local bad = setmetatable({}, {__tostring = function() error("tostring exploded") end})
local ok, e = pcall(error, bad)
print(ok, e == bad)
print(pcall(tostring, e))
print(pcall(print, e))
local ok2, e2 = pcall(function() return "prefix: " .. tostring(e) end)
print(ok2, e2)
