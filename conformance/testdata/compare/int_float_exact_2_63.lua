-- checks comparisons between maxinteger/mininteger and floats around 2^63
local max, min = math.maxinteger, math.mininteger
print(max < 2^63, max == 2^63, max + 0.0 == 2^63, max <= 2^63)
print(min == -2^63, min < -2^63, min <= -2^63, min > -2^63 - 1e5)
print(max > 2^63 - 1024, max > 2^63 - 2048, max - 1 < 2^63)
print(max < math.huge, min > -math.huge)
print(2^63 > max, -2^63 >= min)
