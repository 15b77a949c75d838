-- math.random argument errors
print(pcall(math.random, 0, -1))
print(pcall(math.random, 2, 1))
print(pcall(math.random, -1))
print(pcall(math.random, 1, 2, 3))
print(pcall(math.random, 1.5))
print(pcall(math.random, "a"))
print(pcall(math.random, math.maxinteger, math.mininteger))
