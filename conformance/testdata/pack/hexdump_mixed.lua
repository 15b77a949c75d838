-- hex dumps of a structure-like packing with alignment
local hex = require("hex")
local p = string.pack("<!4 B I2 i4 d s1 z x", 0x11, 0x2233, -1, 2.0, "ok", "end")
print(#p, hex(p))
print(string.unpack("<!4 B I2 i4 d s1 z x", p))
print(hex(string.pack(">!4 B I2 i4", 0x11, 0x2233, 0x44556677)))
