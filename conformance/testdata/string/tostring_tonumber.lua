-- conversions between strings and numbers used by the string library
print(tostring(10), tostring(10.0), tostring(-0.0), tostring(1e15), tostring(1e16))
print(tostring(0.1), tostring(1/3), tostring(123456789012))
print(tonumber("  0x1p4  "), tonumber("1e1"), tonumber("0x.8"), tonumber(".5"), tonumber("5."))
print(tonumber("10", 2), tonumber("zz", 36), tonumber("ZZ", 36), tonumber("8", 8))
print(tonumber(""), tonumber(" "), tonumber("1 2"), tonumber("0x"), tonumber("inf"), tonumber("nan"))
print(math.type(tonumber("9223372036854775807")), math.type(tonumber("9223372036854775808")))
print(tonumber("9223372036854775808"))
