-- utf8.codepoint with default, single and ranges
local s = "aé€😀"
print(utf8.codepoint(s))
print(utf8.codepoint(s, 2))
print(utf8.codepoint(s, 1, -1))
print(utf8.codepoint(s, 4, 7))
print(utf8.codepoint(s, -4))
print(select('#', utf8.codepoint(s, 3, 2)))
print(pcall(utf8.codepoint, s, 3))
print(pcall(utf8.codepoint, s, 0))
print(pcall(utf8.codepoint, s, 1, 100))
print(pcall(utf8.codepoint, s, 11))
print(select('#', utf8.codepoint("", 1, 0)))
print(utf8.codepoint("abc", 11 - 10, 2))
