-- z: zero-terminated strings
local hex = require("hex")
print(hex(string.pack("z", "abc")), hex(string.pack("z", "")))
print(string.unpack("z", "hello\0world\0"))
print(string.unpack("zz", "hello\0world\0"))
print(pcall(string.pack, "z", "a\0b"))
print(pcall(string.unpack, "z", "no terminator"))
print(string.unpack("z", "\0"))
print(hex(string.pack("zB", "x", 7)))
