-- %e and %E with precision, width and flags
local f = string.format
print(f("%e", 12345.6789), f("%E", 12345.6789))
print(f("%.2e", 12345.6789), f("%.0e", 12345.6789), f("%#.0e", 12345.6789))
print(f("[%15e] [%-15e] [%015e]", 1.5, 1.5, -1.5))
print(f("%+e % e", 1.0, 1.0))
print(f("%e %e", 0.0, -0.0))
print(f("%e", 1e300), f("%e", 1e-300), f("%e", 5e-324))
print(f("%.3E", 2^-10), f("%e", 1))
print(f("%e", math.maxinteger))
