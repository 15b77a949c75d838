-- checks + - * result subtypes for int/int, int/float and float/float operands
print(2 + 3, 2 - 3, 2 * 3)
print(2 + 3.0, 2.0 - 3, 2.5 * 2)
print(math.type(2 + 3), math.type(2 + 3.0), math.type(2.0 * 2.0))
print(0.1 + 0.2, 1e308 + 1e308, -1e308 * 10)
print(-0.0 + 0.0, -0.0 - 0.0, -0.0 * 1, 0 * -1.0)
