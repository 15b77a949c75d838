-- checks the first operand's metamethod is used, falling back to the second operand's
local A = setmetatable({}, {__add = function() return "A's add" end})
local B = setmetatable({}, {__add = function() return "B's add" end})
local C = setmetatable({}, {})
print(A + B, B + A, C + A, A + C, 1 + B)
print(pcall(function() return C + 1 end))  -- empty metatable: no __add anywhere
