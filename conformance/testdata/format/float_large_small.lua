-- very large and very small floats in each notation
local f = string.format
print(f("%.17g", 1.7976931348623157e308), f("%.17g", 2.2250738585072014e-308), f("%.17g", 4.9406564584124654e-324))
print(f("%e", 1.7976931348623157e308))
print(#f("%f", 1e308), f("%f", 1e308):sub(1, 20))
print(f("%.5f", 1e-320), f("%g", 1e-320))
