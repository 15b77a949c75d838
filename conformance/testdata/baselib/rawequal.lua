-- rawequal compares without __eq
local mt = {__eq = function() return true end}
local a, b = setmetatable({}, mt), setmetatable({}, mt)
print(a == b, rawequal(a, b), rawequal(a, a))
print(rawequal(1, 1.0), rawequal("a", "a"), rawequal(nil, nil))
print(rawequal(1, "1"), rawequal(0, -0), rawequal(0/0, 0/0))
print(rawequal(true, true), rawequal(true, 1))
print(pcall(rawequal))
print(pcall(rawequal, 1))
print(rawequal(nil, false))
