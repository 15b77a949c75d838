-- table.sort of strings uses byte order
local t = {"pear", "Apple", "banana", "apple", "", "Banana", "a", "aa"}
table.sort(t)
print(table.concat(t, ","))
t = {"10", "9", "100", "1"}
table.sort(t)
print(table.concat(t, ","))
