-- checks decimal and hex integer numerals and their subtype
print(0, 42, 007, 1234567890)
print(0x0, 0xff, 0XFF, 0xA, 0xDeadBeef)
print(math.type(42), math.type(0x10))
print(9223372036854775807, math.type(9223372036854775807))
print(0x7fffffffffffffff)
