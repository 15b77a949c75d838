-- inf and nan through the float conversions
local f = string.format
local inf, nan = math.huge, 0/0
print(f("%f %f", inf, -inf), f("%e %E", inf, -inf), f("%g %G", inf, -inf))
print(f("[%10f] [%-10f] [%+f]", inf, inf, inf))
print((f("%.1f", nan):gsub("-", "")))
print((f("%g", -(0/0)):gsub("-", "")))
print(f("%d", 0) .. f("%5.1f", 0.05))
