-- arithmetic on numeric strings goes through string metamethods
print("10" + 1, math.type("10" + 1))
print("10" + "5", "3.5" * 2, "0x10" + 0, "1e2" + 0)
print(10 - "3", "2" ^ "3", "7" // "2", "7" % "3", -"4")
print("7.0" // 2, math.type("7.0" // 2))
print(" 12 " + 1, "\t5\n" * 2)
print("10" / "4")
print(math.type("10" * 1), math.type("10.0" * 1))
local mt = getmetatable("")
local names = {}
for k in pairs(mt) do names[#names + 1] = k end
table.sort(names)
print(table.concat(names, " "))
print(mt.__add("1", "2"), mt.__unm("3"))
