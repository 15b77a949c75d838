-- rounding behaviour of fixed precision conversions (round-half-even on exact binary ties)
local f = string.format
print(f("%.0f %.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, -0.5, -1.5))
print(f("%.1f %.1f %.1f", 0.25, 0.35, 0.05))
print(f("%.2f %.2f", 1.005, 1.015))
print(f("%.3g %.3g", 1.0005, 99950))
print(f("%.15g %.16g %.17g", 0.3, 0.3, 0.3))
