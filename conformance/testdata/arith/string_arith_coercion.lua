-- checks arithmetic on numeric strings: "10"+1, "0x10"+0, " 3 "*2 and resulting subtypes
print("10" + 1, "0x10" + 0, " 3 " * 2, "1e2" - 0)
print(math.type("10" + 1), math.type(" 3 " * 2), math.type("3.0" * 2))
print("10" / "4", "10" // "4", "10" % "4", "2" ^ "3")
print("9223372036854775807" + 1, "9223372036854775808" + 0)
print("-0" + 0, "-0.0" + 0, "\t5\n" + 0)
local a = "5"
print(a + a, a * a, a - a)
