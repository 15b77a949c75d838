-- checks mixed integer/float operations convert the integer to float
print(1 + 0.5, 3 * 1.0, 10 - 0.25, 2^53 + 1)
print(math.maxinteger + 0.0 == 2^63, math.maxinteger * 1.0)
print(9007199254740993 + 0.0, 9007199254740993)
print(5 // 2.0, 5 % 2.0, -5 % 2.0)
