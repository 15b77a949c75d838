-- unsigned packing of negative values and big values wrap as 64-bit
local hex = require("hex")
print(hex(string.pack("<J", -1)), string.unpack("<J", string.pack("<J", -1)))
print(hex(string.pack("<I8", math.mininteger)))
print(string.unpack("<I8", string.rep("\255", 8)))
print(hex(string.pack(">I16", 1)), hex(string.pack(">i16", -1)))
print(hex(string.pack("<I10", -1)))
