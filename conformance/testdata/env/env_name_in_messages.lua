-- checks global vs field naming in error messages when _ENV is local or upvalue
print(pcall(function() return missing_global.x end))
local _ENV = {pcall = pcall, print = print}
print(pcall(function() return other.x end))
