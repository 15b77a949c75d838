-- checks ^ always yields a float, right associativity and special cases
print(2 ^ 10, 2 ^ 0.5, 2 ^ -1, (-8) ^ (1/3) ~= (-8) ^ (1/3))
print(math.type(2 ^ 2), 0 ^ 0, 0 ^ -1, (-2) ^ 2, -2 ^ 2)
print(2 ^ 3 ^ 2, (2 ^ 3) ^ 2)
print(10 ^ 308 * 10, 2 ^ 1024, 2 ^ -1080)
print(1 ^ (0/0), (0/0) ^ 0)
