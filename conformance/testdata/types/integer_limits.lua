-- checks math.maxinteger/mininteger values and their float conversions
print(math.maxinteger, math.mininteger)
print(math.maxinteger + 1 == math.mininteger, math.mininteger - 1 == math.maxinteger)
print(-math.mininteger == math.mininteger)
print(math.maxinteger + 0.0, math.mininteger + 0.0)
print(math.maxinteger // -1, math.mininteger // -1)
print(math.tointeger(2^63), math.tointeger(-2^63), math.tointeger(2^53))
print(string.format("%d", 2^53), pcall(string.format, "%d", 2^63))
