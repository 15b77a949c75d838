-- checks multi-character tokens are lexed greedily (.., ..., //, ::, <=, >=, ==, ~=, <<, >>)
local a, b = 7, 2
print(a // b, a / b, a ~= b, a == b, a <= b, a >= b)
print(1 << 4, 256 >> 4, 5 ~ 3, ~0)
print("a".."b", 1 .. 2)
local function f(...) return select('#', ...) end
print(f(1, 2, 3))
print(a-- comment right after
)
print(2^-1, - -3)
