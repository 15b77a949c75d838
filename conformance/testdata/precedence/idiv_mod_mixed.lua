-- checks // and % have the same precedence as * and / and associate left
print(7 // 2 * 2, 7 * 2 // 3, 17 % 5 * 2, 17 * 2 % 5)
print(-7 // 2, -(7 // 2), 2 ^ 2 // 3, -2 ^ 2 % 3)
print(1 + 2 * 3 // 4 - 5 % 3)
