-- %x %X %o including negative numbers (two's complement) and '#' flag
local f = string.format
print(f("%x %X %o", 255, 255, 8))
print(f("%#x %#X %#o", 255, 255, 8))
print(f("%x %X %o", -1, -1, -1))
print(f("%x", math.mininteger), f("%x", math.maxinteger))
print(f("[%8x] [%-8X] [%08x] [%.4x]", 48879, 48879, 48879, 10))
print(f("[%#10x] [%#010x] [%#o]", 255, 255, 0))
print(f("%x", 3.0))
print(pcall(f, "%x", 3.5))
print(pcall(f, "%o", "10"))
print(pcall(f, "%x", "0x10"))
