-- checks comparisons of large floats (beyond 2^63) with integers
print(1e100 > math.maxinteger, -1e100 < math.mininteger)
print(2^64 > math.maxinteger, -2^64 < math.mininteger)
print(2^63 == math.mininteger, -2^63 == math.mininteger)
print(math.maxinteger == math.maxinteger + 0.0, math.maxinteger < math.maxinteger + 0.0)
print(math.mininteger + 1 > -2^63, math.mininteger + 1 == -2^63 + 1)
