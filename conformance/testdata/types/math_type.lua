-- checks math.type distinguishes integers, floats and non-numbers
print(math.type(1), math.type(1.0), math.type(-0), math.type(-0.0))
print(math.type(2^53), math.type(1 // 1), math.type(1.0 // 1), math.type(3 % 2))
print(math.type("1"), math.type(nil), math.type({}))
print(math.type(1e100), math.type(math.huge), math.type(0/0))
print(math.type(math.maxinteger), math.type(math.mininteger))
print(pcall(math.type))
