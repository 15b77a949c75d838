-- checks "attempt to concatenate" errors name the offending variable
local x
print(pcall(function() return "a" .. x end))
print(pcall(function() local y; return y .. "b" end))
print(pcall(function() return "a" .. {} end))
print(pcall(function() return "a" .. true end))
print(pcall(function() return undefined_g .. "x" end))
print(pcall(function() local t = {}; return "p" .. t.field end))
print(pcall(function() return 1 .. nil end))
print(pcall(function() local a, b = "s", print; return a .. b end))
