-- table.concat with separators and ranges
local t = {"a", "b", "c", "d"}
print(table.concat(t), table.concat(t, ", "), table.concat(t, "", 2, 3))
print(table.concat(t, "-", 3), "[" .. table.concat(t, "-", 3, 2) .. "]")
print("[" .. table.concat({}) .. "]", "[" .. table.concat({}, "x") .. "]")
print(table.concat({1, 2.5, 3}, " "))
print(table.concat({"x"}, ", "))
print(table.concat(t, 1), table.concat(t, "", 4, 4))
print(table.concat(t, "", 5, 4) == "", pcall(table.concat, t, "", -1, 0))
print(table.concat({2^63, -0.0, math.mininteger}, " "))
