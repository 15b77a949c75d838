-- widths and precisions up to two digits are accepted; three digits are invalid
local f = string.format
print(#f("%99d", 1), #f("%.99f", 1), #f("%99.99f", 1))
print(pcall(f, "%100d", 1))
print(pcall(f, "%.100f", 1))
print(pcall(f, "%1000s", "x"))
print(f("%00005d", 7))
