-- checks unary minus on integers, floats, strings and its precedence
print(-1, - -1, -(-1), -0, -0.0, -(0.0))
print(-math.mininteger, -math.maxinteger)
print(-"2", -"2.0", -"0x10", math.type(-"2"))
print(-2 ^ 2, (-2) ^ 2, - 2 * 3)
print(pcall(function() return -{} end))
print(pcall(function() return -"abc" end))
