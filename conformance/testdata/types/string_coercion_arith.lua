-- checks strings are converted to numbers in arithmetic, following the string's numeral syntax
print("10" + 1, "10" * "2", "3.0" + 1, "0x10" + 0)
print(math.type("10" + 1), math.type("10.0" + 1), math.type("1e1" + 0))
print(" 5 " - 1, "-2" ^ 2, -"3", -"3.5")
print("7" // "2", "7" % "2", "7.0" // 2)
print(10 .. "", 1.5 .. "", -0.0 .. "")
