-- checks results of math functions and operators keep or change subtype as specified
print(math.type(math.floor(3.7)), math.floor(3.7), math.type(math.floor(2^70)))
print(math.type(math.abs(-3)), math.type(math.abs(-3.0)), math.abs(math.mininteger))
print(math.type(math.max(1, 2.0)), math.max(1, 2.0), math.type(math.max(2, 1.0)))
print(math.type(#"abc"), math.type(select('#')))
print(math.ult(1, -1), math.ult(-1, 1))
