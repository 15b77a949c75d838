-- '__tostring' must return a string: errors from print and tostring
local bad = setmetatable({}, {__tostring = function() return 42 end})
-- a number counts as a string here and is converted
print(pcall(tostring, bad))
print(type(tostring(bad)))
print(pcall(print, bad))
local badnil = setmetatable({}, {__tostring = function() end})
print(pcall(tostring, badnil))
local badtab = setmetatable({}, {__tostring = function() return {} end})
print(pcall(tostring, badtab))
local raising = setmetatable({}, {__tostring = function() error("inside tostring") end})
print(pcall(tostring, raising))
local nonfunc = setmetatable({}, {__tostring = "not callable"})
print(pcall(tostring, nonfunc))
