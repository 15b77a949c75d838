-- checks __index on the string metatable and indexing numbers/booleans without metatables
print(("abc").len == string.len, ("abc"):len())
print(pcall(function() local n = 5; return n.x end))
print(pcall(function() local b = true; return b.x end))
local smt = getmetatable("")
local old = smt.__index
smt.__index = function(s, k) return "custom " .. k end
print(("s").anything)
smt.__index = old
print(("s").upper == string.upper)
