-- math.ult compares integers as unsigned
print(math.ult(1, 2), math.ult(2, 1), math.ult(-1, 2), math.ult(2, -1))
print(math.ult(math.maxinteger, math.mininteger), math.ult(0, 0))
print(math.ult(1.0, 2))
print(pcall(math.ult, 1.5, 2))
print(pcall(math.ult, 1))
print(pcall(math.ult, "1", 2))
