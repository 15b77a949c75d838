-- %s with embedded zeros: no modifiers keeps the whole string, precision is an error
local s = "a\0b\0c"
local r = string.format("%s", s)
print(#r, r == s)
print(#string.format("<%s>", s))
print(pcall(string.format, "%10s", s))
print(pcall(string.format, "%.2s", s))
print(#string.format("%s%s", s, s))
