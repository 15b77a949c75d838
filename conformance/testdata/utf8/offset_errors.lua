-- utf8.offset errors: continuation byte as start, position out of bounds
local s = "aé€"
print(pcall(utf8.offset, s, 1, 3))
print(pcall(utf8.offset, s, -1, 5))
print(utf8.offset(s, 0, 3))
print(pcall(utf8.offset, s, 1, 0))
print(pcall(utf8.offset, s, 1, 10))
print(pcall(utf8.offset, s, 1, -10))
print(pcall(utf8.offset, s))
