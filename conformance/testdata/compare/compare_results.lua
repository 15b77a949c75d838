-- checks comparison operators always return booleans
print(1 < 2, 2 < 1, 1 <= 1, 1 > 1, 2 >= 1, 1 ~= 1)
print(type(1 < 2), type("a" == "a"))
print(math.huge > math.maxinteger, -math.huge < math.mininteger)
print(-0.0 < 0.0, -0.0 <= 0.0, 0.0 > -0.0)
