-- checks and/or return one of their operands, not booleans
print(1 and 2, nil and 2, false and 2, 1 and nil, 1 and false)
print(1 or 2, nil or 2, false or nil, nil or false, false or "x")
print(0 and "zero is true", "" or "empty string is true")
print(nil and nil, false or false)
