-- math.type distinguishes integers, floats and non-numbers
print(math.type(1), math.type(1.0), math.type(-0.0), math.type(2^63), math.type(1 // 1))
print(math.type("1"), math.type(nil), math.type({}), math.type(true))
print(pcall(math.type))
