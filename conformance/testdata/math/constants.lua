-- math.pi, math.huge, math.maxinteger, math.mininteger
print(math.pi, string.format("%.17g", math.pi))
print(math.huge, -math.huge, math.type(math.huge))
print(math.maxinteger, math.mininteger, math.type(math.maxinteger))
print(math.maxinteger + 1 == math.mininteger, math.mininteger - 1 == math.maxinteger)
print(math.maxinteger + 0.0, math.mininteger + 0.0)
print(math.maxinteger // -1, math.mininteger // -1, math.mininteger % -1)
