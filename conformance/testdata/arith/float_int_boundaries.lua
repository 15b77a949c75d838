-- checks float results near integer boundaries keep float subtype
print(2^63, -2^63, 2^63 - 1024, math.type(2^63 - 1))
print(1e15 + 0.3, 1e16 + 1)
print(2^52 + 0.5, 2^53 - 1)
print(math.maxinteger // 1.0, math.mininteger // 1.0)
