-- float to integer conversion in bitwise ops and math functions
print(pcall(function() return 1.5 | 0 end))
print(pcall(function() return 2^63 | 0 end))
print(3.0 | 0, math.type(3.0 | 0))
print(pcall(string.rep, "x", 2^63))
print(math.floor(-2^63) == math.mininteger, math.type(math.floor(2^63)))
