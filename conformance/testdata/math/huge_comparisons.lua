-- comparisons between integers and floats at the edges
print(math.maxinteger < 2^63, math.maxinteger + 0.0 == 2^63, math.maxinteger == 2^63)
print(math.mininteger == -2^63, math.mininteger < -2^63)
print(1 == 1.0, math.maxinteger - 1 < math.maxinteger + 0.0)
print(2^53 == 2^53 + 1, (2^53 | 0) + 1 == 2^53 + 1)
local nan = 0/0
print(nan == nan, nan < 1, nan > 1, 1 < math.huge, -math.huge < math.mininteger)
