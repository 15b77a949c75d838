-- checks * / // % bind tighter than + - and that operators are left associative
print(2 + 3 * 4, (2 + 3) * 4, 10 - 4 - 3, 10 - (4 - 3))
print(100 / 10 / 2, 100 / (10 / 2), 7 // 2 * 2, 7 % 4 % 3)
print(2 * 3 % 4, 2 * (3 % 4), 1 + 7 // 2)
