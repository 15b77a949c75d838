-- integer options accept floats with exact integer values and integer strings
local hex = require("hex")
print(hex(string.pack("<i4", 3.0)), hex(string.pack("<i4", "7")))
print(pcall(string.pack, "<i4", 3.5))
print(pcall(string.pack, "<i8", 2^63))
print(hex(string.pack("<i8", -2^63)))
