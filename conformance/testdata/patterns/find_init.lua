-- string.find init argument: positive, negative, zero and beyond length
local s = "abcabc"
print(s:find("b", 1), s:find("b", 3), s:find("b", 6))
print(s:find("b", -1), s:find("b", -2), s:find("b", -100))
print(s:find("b", 0))
print(s:find("", 6), s:find("", 7), s:find("", 8))
print(s:find("c", 100))
print(s:find("", -100))
print(s:find("a", 7))
print(pcall(string.find, s, "a", 1.5))
print(s:find("abc", 4.0))
