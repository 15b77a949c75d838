-- raw access normalises float keys with integer values and distinguishes others
local t = {}
rawset(t, 1.0, "one")
print(rawget(t, 1), rawget(t, 1.0))
rawset(t, 1.5, "one and half")
print(rawget(t, 1.5), rawget(t, 1))
rawset(t, -0.0, "zero")
print(rawget(t, 0))
rawset(t, 2^53, "big")
print(rawget(t, 2^53 | 0))
print(rawlen(t))
