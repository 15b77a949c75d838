-- checks float rounding in tostring vs %.17g formatting
local x = 0.1 + 0.2
print(x, x == 0.3, string.format("%.17g", x))
print(1 - 1e-16 == 1, 1 + 2^-52 > 1)
print(2^53 + 1 == 2^53, 2^53 + 1.0)
print(100000000000000, 1e14, 1e15 + 0.5)
print(string.format("%.14g", 2^63), 2^63 == 9223372036854775808)
