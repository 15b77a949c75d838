-- %q of integers, including math.mininteger
local f = string.format
print(f("%q", 0), f("%q", 42), f("%q", -42))
print(f("%q", math.maxinteger))
print(f("%q", math.mininteger))
print(load("return " .. f("%q", math.mininteger))() == math.mininteger)
print(math.type(load("return " .. f("%q", math.mininteger))()))
