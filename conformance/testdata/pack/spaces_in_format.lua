-- spaces are ignored in format strings
local hex = require("hex")
print(hex(string.pack(" < i2  B ", 1, 2)))
print(string.packsize(" i4 i4 "))
print(string.unpack(" > I2 ", "\0\5"))
