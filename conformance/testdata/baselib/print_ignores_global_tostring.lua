-- print in 5.4 does not call the global tostring; overriding it has no effect on print
local orig = tostring
tostring = function() return "overridden" end
print(1, "a", nil, true)
print(tostring(1))
tostring = orig
print(tostring(1))
