-- %s with widths, precision and non-string arguments
local f = string.format
print(f("[%s] [%10s] [%-10s] [%.2s] [%5.1s]", "hello", "hi", "hi", "hello", "hello"))
print(f("%s %s %s %s", 1, 1.5, true, nil))
print(f("%s", -0.0), f("%s", 2^63), f("%s", math.mininteger))
print(f("%s|%s", "", "x"))
print(f("%.0s|", "abc"))
print(f("%s", "%d"))
