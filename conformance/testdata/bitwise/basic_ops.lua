-- checks & | ~ (xor) and unary ~ on integers
print(0xF0 & 0x3C, 0xF0 | 0x3C, 0xF0 ~ 0x3C)
print(~0, ~1, ~-1, ~math.maxinteger, ~math.mininteger)
print(-1 & 0xFF, 5 & -2, 6 | -8)
print(string.format("%x", 0xDEADBEEF & 0xFFFF0000))
print(math.type(3 & 1))
