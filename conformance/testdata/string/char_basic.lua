-- string.char builds strings from byte values and rejects out-of-range values
print(string.char(72, 101, 108, 108, 111))
print(string.char() == "", #string.char())
print(#string.char(0, 0, 0))
print(string.char(255):byte())
print(string.char("65", 66.0))
print(pcall(string.char, 256))
print(pcall(string.char, -1))
print(pcall(string.char, 65, "x"))
print(pcall(string.char, 1.5))
local t = {}
for i = 97, 122 do t[#t + 1] = i end
print(string.char(table.unpack(t)))
