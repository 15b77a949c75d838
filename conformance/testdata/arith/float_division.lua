-- checks / always produces a float, including for integer operands
print(7 / 2, 6 / 2, -6 / 2, 0 / 5)
print(math.type(6 / 2), math.type(6.0 / 2))
print(1 / 3, 2 / 3, 1e300 / 1e-300)
print(math.maxinteger / 1, math.mininteger / -1)
