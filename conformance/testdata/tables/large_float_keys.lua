-- checks keys around 2^53 and 2^63: floats that fit integers are the same key
local t = {}
t[2^53] = "float 2^53"
print(t[9007199254740992], math.type(next(t)))
t = {}
t[2^63] = "float 2^63"
print(t[2^63], t[math.maxinteger], math.type(next(t)))
t = {}
t[math.maxinteger] = "max"
print(t[math.maxinteger + 0.0], t[2^63])
t[-2^63] = "min"
print(t[math.mininteger])
