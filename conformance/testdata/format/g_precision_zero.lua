-- %g with precision 0 and 1 and trailing zero removal
local f = string.format
print(f("%.0g %.1g %.2g", 0.0001234, 0.0001234, 0.0001234))
print(f("%g %g %g", 1.5, 1.50, 10.0), f("%#g", 10.0))
print(f("%g", 123456), f("%g", 1234567), f("%g", 0.000123456))
