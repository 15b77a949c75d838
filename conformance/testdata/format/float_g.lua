-- %g and %G choose between fixed and exponent notation
local f = string.format
print(f("%g %g %g %g", 100000, 1000000, 1e-4, 1e-5))
print(f("%g %G", 1e20, 1e-20), f("%G", 1.5e-7))
print(f("%.3g %.10g %.0g %.1g", 3.14159, 1/3, 123, 0.05))
print(f("%#g %#.3g", 1.0, 1.0))
print(f("[%10g] [%-10g] [%010g] [%+g]", 1.5, 1.5, 1.5, 1.5))
print(f("%g %g", 0.0, -0.0), f("%g", 100), f("%g", 2^53))
print(f("%.14g", 0.1), f("%.17g", 0.1), f("%.17g", 1/3))
