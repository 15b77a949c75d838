-- checks shifts by 64 or more give zero in both directions
print(1 << 64, 1 << 65, -1 << 64, -1 >> 64, 1 >> 100)
print(1 << 1000, math.maxinteger >> 64, math.mininteger << 64)
print(1 << math.maxinteger, 1 >> math.maxinteger, 1 << math.mininteger)
