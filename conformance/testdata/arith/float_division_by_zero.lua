-- checks float and integer / by zero give inf, -inf or nan instead of errors
print(1 / 0, -1 / 0, 1 / -0.0, -1 / -0.0)
print(0 / 0 ~= 0 / 0, 1.5 / 0)
print(1.0 // 0, -1.0 // 0, 1 // 0.0, 1 % 0.0 ~= 1 % 0.0)
print(5.5 % math.huge, -5.5 % math.huge, 5.5 % -math.huge, -5.5 % -math.huge)
print(math.huge % 2 ~= math.huge % 2)
