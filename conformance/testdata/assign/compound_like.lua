-- checks there are no compound assignment operators: "x += 1" is a syntax error
print(load("x += 1"))
print(load("x++"))
local x = 1
x = x + 1
print(x)
