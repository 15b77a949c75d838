-- checks bit patterns at the 64-bit limits
print(math.maxinteger & math.mininteger, math.maxinteger | math.mininteger)
print(math.maxinteger ~ math.mininteger, ~math.maxinteger == math.mininteger)
print(0x7FFFFFFFFFFFFFFF << 1, 0x8000000000000000 >> 1)
print(string.format("%016x", 0x0123456789ABCDEF ~ -1))
