-- checks "attempt to index a nil value" names locals, globals, fields, upvalues and methods
local up
print(pcall(function() local x; return x.a end))
print(pcall(function() return gx.a end))
print(pcall(function() local t = {}; return t.y.z end))
print(pcall(function() return up.w end))
print(pcall(function() local t = {}; return t:m().q end))
print(pcall(function() local t = {}; return t[1].x end))
print(pcall(function() local t = {}; local k = "key"; return t[k].x end))
