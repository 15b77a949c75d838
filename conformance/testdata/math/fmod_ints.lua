-- math.fmod with integers: sign follows the dividend; zero divisor is an error
print(math.fmod(7, 3), math.fmod(-7, 3), math.fmod(7, -3), math.fmod(-7, -3))
print(math.type(math.fmod(7, 3)))
print(math.fmod(math.mininteger, -1), math.fmod(math.mininteger, 1))
print(math.fmod(0, 5), math.fmod(5, 1), math.fmod(5, math.mininteger))
print(pcall(math.fmod, 1, 0))
print(pcall(math.fmod, 0, 0))
print(7 % -3, -7 % 3)
