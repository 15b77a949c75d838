-- utf8.char encodes code points, including the extended range up to 2^31-1
local function hex(s) return (s:gsub(".", function(c) return string.format("%02X", c:byte()) end)) end
print(utf8.char(72, 105), utf8.char() == "")
print(hex(utf8.char(0)), hex(utf8.char(0x7F)), hex(utf8.char(0x80)), hex(utf8.char(0x7FF)))
print(hex(utf8.char(0x800)), hex(utf8.char(0xFFFF)), hex(utf8.char(0x10000)), hex(utf8.char(0x10FFFF)))
print(hex(utf8.char(0x110000)), hex(utf8.char(0x3FFFFFF)), hex(utf8.char(0x7FFFFFFF)))
print(hex(utf8.char(0xD800)))
print(utf8.char(228, 8364, 128512) == "ä€😀")
print(pcall(utf8.char, -1))
print(pcall(utf8.char, 0x80000000))
print(pcall(utf8.char, "x"))
print(utf8.char(65.0, "66"))
