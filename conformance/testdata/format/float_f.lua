-- %f with precision, width and flags; %F is rejected by the reference
local f = string.format
print(f("%f", 3.14159265), f("%.2f", 3.14159265), f("%.0f", 2.5), f("%.0f", 3.5))
print(pcall(f, "%F", 1.5))
print(f("%#.0f", 3.0), f("%.10f", 1/3))
print(f("[%10.3f] [%-10.3f] [%010.3f] [%+.1f] [% .1f]", 3.14159, 3.14159, -3.14159, 2.0, 2.0))
print(f("%f", 1e20), f("%.3f", 1e-10), f("%f", -0.0))
print(f("%f", 42), f("%.1f", math.mininteger))
print(f("%.99f", 1/3):len())
print(f("%5.1f|", 123.456))
print(f("%f", 2^63))
