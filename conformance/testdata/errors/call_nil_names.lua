-- checks "attempt to call a nil value" names globals, locals, fields, methods and upvalues
local up
print(pcall(function() foo() end))
print(pcall(function() local f; f() end))
print(pcall(function() local t = {}; t.g() end))
print(pcall(function() local t = {}; t:h() end))
print(pcall(function() up() end))
print(pcall(function() local t = {}; t[1]() end))
print(pcall(function() (nil)() end))
