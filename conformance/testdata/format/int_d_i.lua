-- %d and %i with flags, widths and precisions
local f = string.format
print(f("[%d] [%i] [%d]", 42, -42, 0))
print(f("[%5d] [%-5d] [%05d] [%+d] [% d]", 42, 42, 42, 42, 42))
print(f("[%+5d] [%-+5d] [% 05d] [%+05d]", -42, 42, 42, 42))
print(f("[%.3d] [%8.3d] [%-8.3d] [%.0d]", 7, 7, 7, 0))
print(f("[%d] [%d]", math.maxinteger, math.mininteger))
print(f("[%d] [%i]", 3.0, -0.0))
print(f("[%5i] [%-5i|]", -1, -1))
print(f("%d%%", 50))
