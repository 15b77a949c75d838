-- integral floats work with %d; integers work with float conversions
local f = string.format
print(f("%d %d %d", 1.0, -2.0, 2^53))
print(f("%.1f %e %g %a", 1, 2, 3, 4))
print(f("%5.1f", math.maxinteger))
print(f("%.0f", 2^63), f("%.0f", -2^63))
print(f("%d", -2^63))
