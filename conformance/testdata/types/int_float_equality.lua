-- checks integers and floats with the same mathematical value compare equal but keep their subtype
print(1 == 1.0, math.type(1), math.type(1.0))
print(0 == -0.0, -0 == 0.0)
print(2^63 == math.maxinteger, 2^63 == math.maxinteger + 1.0)
print(math.mininteger == -2^63)
print(1, 1.0, -0.0, 0.0)
print(3 / 1, 3 // 1, 3.0 // 1)
