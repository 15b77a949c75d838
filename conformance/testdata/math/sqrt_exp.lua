-- math.sqrt and math.exp
print(math.sqrt(16), math.sqrt(2), math.type(math.sqrt(16)))
print(math.sqrt(0), math.sqrt(-0.0), math.sqrt(math.huge))
local n = math.sqrt(-1)
print(n ~= n)
print(math.exp(0), math.exp(1), string.format("%.17g", math.exp(1)))
print(math.exp(-math.huge), math.exp(math.huge), math.exp(710))
print(string.format("%.17g", math.exp(-1)))
