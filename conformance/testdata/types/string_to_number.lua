-- checks tonumber on strings: ints, floats, hex, whitespace, invalid forms
print(tonumber("10"), tonumber("10.0"), tonumber("  7  "), tonumber("0x1F"))
print(tonumber("1e2"), tonumber(".5"), tonumber("5."), tonumber("0x.8p1"))
print(tonumber(""), tonumber(" "), tonumber("1 2"), tonumber("abc"), tonumber("1e"))
print(tonumber("9223372036854775807"), tonumber("9223372036854775808"))
print(tonumber("0xffffffffffffffff"), tonumber("-0x10"), tonumber("- 1"))
print(tonumber("inf"), tonumber("nan"), tonumber("\t\n12\r\v\f"))
print(math.type(tonumber("10")), math.type(tonumber("1e1")))
print(tonumber("1\0"))
