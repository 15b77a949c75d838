-- integer and float arithmetic results and types
print(7 // 2, 7.0 // 2, -7 // 2, 7 % -2, -7.5 % 2, 7 / 2, 6 / 2)
print(math.type(6 / 2), math.type(7 // 2), math.type(7.0 // 2))
print(2^2, math.type(2^2), 10 // 0.0, -10 // 0.0)
print(pcall(function() return 1 // 0 end))
print(pcall(function() return 1 % 0 end))
print(5.0 % math.huge, -5.0 % math.huge, 5 % -math.huge)
print(math.maxinteger * 2, math.mininteger * -1)
print(3 | 5, 3 & 5, 3 ~ 5, ~0, 1 << 63, 1 << 64, -1 >> 1, 2.0 | 1)
