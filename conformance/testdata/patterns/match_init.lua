-- string.match init: positive, negative, beyond length
print(("abcdef"):match("%a+", 3))
print(("abcdef"):match("%a+", -2))
print(("abcdef"):match("%a+", -100))
print(("abcdef"):match("%a*", 7))
print(("abcdef"):match("%a*", 8))
print(("abcdef"):match("^c", 3), ("abcdef"):match("^c", 2))
print(("abcdef"):match("()", 0))
