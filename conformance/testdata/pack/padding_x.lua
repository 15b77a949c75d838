-- x: one byte of padding
local hex = require("hex")
print(hex(string.pack("BxB", 1, 2)), hex(string.pack("xxx")))
print(string.unpack("BxB", "\1\0\2"))
print(string.unpack("xxB", "\9\9\3"))
print(string.packsize("xxx"), string.packsize("BxxB"))
