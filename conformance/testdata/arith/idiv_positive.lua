-- checks floor division // with positive operands and subtypes
print(7 // 2, 8 // 2, 1 // 3, 0 // 3)
print(7.0 // 2, 7 // 2.0, 7.5 // 2, math.type(7.0 // 2))
print(1e20 // 3, 3 // 1e20)
