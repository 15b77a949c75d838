-- checks calling non-function values raises "attempt to call a X value" with names
local t = {}
print(pcall(function() nofunc() end))
print(pcall(function() t.method() end))
print(pcall(function() t:method() end))
print(pcall(function() local x = 5; x() end))
print(pcall(function() ("str")() end))
print(pcall(function() t.a.b() end))
