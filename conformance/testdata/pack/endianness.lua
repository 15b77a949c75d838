-- < > = switch endianness within one format string
local hex = require("hex")
print(hex(string.pack("<i2>i2=i2", 1, 1, 1)) == "010000010100" or hex(string.pack("<i2>i2=i2", 1, 1, 1)) == "010000010001")
print(hex(string.pack("<i2>i2", 258, 258)))
print(string.unpack("<i2>i2", "\1\2\1\2"))
print(hex(string.pack(">d<d", 1, 1)))
print(string.pack("=i4", 1) == string.pack("<i4", 1))
