-- %a and %A hexadecimal float conversions
local f = string.format
print(f("%a", 1.0), f("%A", 1.0))
print(f("%a", 0.5), f("%a", 255.5), f("%a", -0.1))
print(f("%.3a", 1/3), f("%.0a", 1.5))
print(f("%a", 0.0), f("%a", -0.0))
print(f("%a", 2^-1074), f("%a", math.huge), f("%a", -math.huge))
print(f("%a", 1))
print(f("[%20a] [%-20a]", 1.0, 1.0))
print(tonumber(f("%a", 0.1)) == 0.1, tonumber(f("%a", 1e300)) == 1e300)
