-- checks relative precedence of bitwise operators: shifts > & > ~ > | and vs arithmetic/concat
print(1 | 2 ~ 3 & 4, (1 | 2) ~ (3 & 4))
print(1 << 2 + 1, (1 << 2) + 1)
print(6 & 3 == 2, pcall(function() return (6 & 3) == 2 end))
print(~1 + 1, ~(1 + 1))
print(pcall(function() return 1 .. 2 << 1 end))  -- ("12") << 1: strings not coerced
print(2 ~ 3 | 4, 5 & 3 ~ 1)
