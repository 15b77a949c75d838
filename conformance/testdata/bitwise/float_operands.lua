-- checks floats with exact integer values are accepted by bitwise operators
print(3.0 & 1, 2.0 | 1.0, 7.0 ~ 2, ~0.0, 1.0 << 4.0, 256.0 >> 4)
print(math.type(3.0 & 1), 2^53 | 0, -2^63 | 0)
print(-0.0 | 0)
