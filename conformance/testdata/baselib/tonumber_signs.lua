-- Signs and spaces around numerals, with and without a base.
print(tonumber("+10", 16), tonumber(" +1z ", 36), tonumber("-ff", 16), tonumber("+-1", 10))
print(tonumber("+", 10), tonumber("- 1", 10), tonumber(" + 1", 10), tonumber("++1", 10))
print(tonumber("+0x10"), tonumber("+1e2"), tonumber(" +.5 "), tonumber("+inf"), tonumber("+ 1"))
print(tonumber("+9223372036854775808"), tonumber("-9223372036854775808"))
print(math.tointeger("+3"), math.tointeger(" -3 "), math.tointeger("+3.0"))
print("+10" + 0, " +0x1p4 " * 1, pcall(function() return "+ 1" + 0 end))
print(string.format("%d", "+7"), ("+5"):rep(2), #tostring(tonumber("+1")))
for _, base in ipairs({2, 8, 10, 16, 36}) do
  print(base, tonumber("+11", base), tonumber("-11", base), tonumber("\t+11\n", base))
end
