-- checks float numerals: decimal point forms and exponents
print(3.0, 3., .5, 0.5, 3.14159)
print(1e2, 1E2, 1e+2, 1e-2, 2.5e3, .5e1, 5.e-1)
print(math.type(1e2), math.type(3.), math.type(.5))
print(1e308, 1e309, -1e309)
print(1e-320 > 0, 0e0, 0.0e10)
