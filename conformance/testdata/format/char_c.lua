-- %c converts an integer to a byte
local f = string.format
print(f("%c%c%c", 76, 117, 97))
print(#f("%c", 0), f("%c", 0):byte())
print(f("[%5c] [%-5c]", 65, 65))
print(f("%c", 255):byte())
print(f("%c", 65.0))
print(pcall(f, "%c", 65.5))
print(pcall(f, "%c", "x"))
