-- checks integer modulo by zero raises "attempt to perform 'n%0'"
print(pcall(function() return 1 % 0 end))
print(pcall(function() local z = 0; return 10 % z end))
local r = 1 % 0.0
print(r ~= r, 1.0 % 0 ~= 1.0 % 0)
