-- checks bitwise metamethods are tried when an operand is a non-integral float or a string
local mt = {__band = function(a, b) return "band called" end}
local t = setmetatable({}, mt)
print(t & 2.5, 2.5 & t)
local smt = getmetatable("")
smt.__bor = function(a, b) return "string bor " .. a .. " " .. b end
print("3" | "4", pcall(function() return 1.5 | 2 end))
smt.__bor = nil
