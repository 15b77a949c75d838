-- %s with long strings, with and without modifiers
local s = string.rep("x", 1000)
print(#string.format("%s", s))
print(#string.format("%-99s|", s))
print(#string.format("%.10s", s))
print(#string.format("%5s", s), #string.format("%99.98s", s))
