-- checks "attempt to get length of" errors with variable names
local n = 5
print(pcall(function() return #n end))
print(pcall(function() return #nil end))
print(pcall(function() return #undefined_global end))
print(pcall(function() local t = {}; return #t.x end))
print(pcall(function() return #true end))
print(pcall(function() return #print end))
