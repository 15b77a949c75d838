-- utf8.offset with positive, negative and zero n
local s = "aé€😀z"
print(utf8.offset(s, 1), utf8.offset(s, 2), utf8.offset(s, 3), utf8.offset(s, 4), utf8.offset(s, 5), utf8.offset(s, 6))
print(utf8.offset(s, 7), utf8.offset(s, 8))
print(utf8.offset(s, -1), utf8.offset(s, -2), utf8.offset(s, -5), utf8.offset(s, -6))
print(utf8.offset(s, 0, 3), utf8.offset(s, 0, 5), utf8.offset(s, 0, 9), utf8.offset(s, 0, 1))
print(utf8.offset(s, 2, 4), utf8.offset(s, -1, 4))
print(utf8.offset("", 1), utf8.offset("", -1), utf8.offset("", 0))
print(utf8.offset(s, 1, #s + 1))
