-- checks integer + - * wrap around modulo 2^64
local max, min = math.maxinteger, math.mininteger
print(max + 1, min - 1, max * 2, min * -1)
print(max + max, min + min, max * max)
print(-min, min // 1, 0x7fffffffffffffff + 0x7fffffffffffffff)
print(1 << 62 + 0, (1 << 62) * 4)
print(max + 1.0, min - 1.0)
