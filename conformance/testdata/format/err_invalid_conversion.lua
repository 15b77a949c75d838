-- invalid conversion specifiers report the offending spec
local f = string.format
print(pcall(f, "%y", 1))
print(pcall(f, "%", 1))
print(pcall(f, "abc %", 1))
print(pcall(f, "%10.3y", 1))
print(pcall(f, "%lld", 1))
print(pcall(f, "%n", 1))
print(pcall(f, "%#d", 1))
print(pcall(f, "%.3c", 65))
print(pcall(f, "%#s", "x"))
print(pcall(f, "%0s", "x"))
