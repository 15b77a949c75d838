-- integer conversions need numbers with an exact integer representation
local f = string.format
print(pcall(f, "%d", 1.5))
print(pcall(f, "%d", 2^63))
print(pcall(f, "%x", 0/0))
print(pcall(f, "%d", math.huge))
print(pcall(f, "x %d %d", 1, 2.5))
print(f("%d", "10"), f("%d", "0x10"), f("%d", "1e1"))
print(pcall(f, "%d", "1.5"))
print(pcall(f, "%d", "abc"))
