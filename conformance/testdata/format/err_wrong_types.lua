-- wrong argument types for numeric conversions
local f = string.format
print(pcall(f, "%d", "x"))
print(pcall(f, "%f", "x"))
print(pcall(f, "%f", {}))
print(pcall(f, "%x", true))
print(pcall(f, "%e", nil))
print(pcall(f, "%a", "0x1p4"))
print(f("%f", "1.5"), f("%g", "  2  "))
