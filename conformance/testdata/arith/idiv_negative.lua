-- checks floor division rounds towards minus infinity with negative operands
print(7 // -2, -7 // 2, -7 // -2)
print(7.0 // -2, -7.0 // 2, -7.0 // -2.0)
print(-1 // 3, 1 // -3, -6 // 3, 6 // -3)
print(-0.0 // 1, 0.0 // -1, 0 // -1)
print(math.mininteger // -1, math.mininteger // 1, math.mininteger // 2)
