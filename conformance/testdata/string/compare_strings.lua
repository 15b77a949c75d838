-- string comparison is byte-wise (C locale) and handles embedded zeros
print("a" < "b", "a" < "B", "abc" < "abd", "ab" < "abc", "" < "a")
print("a\0b" < "a\0c", "a\0" > "a", "\255" > "\1")
print("Z" < "a", "10" < "9", "a" <= "a", "b" >= "a")
print(pcall(function() return "1" < 2 end))
local t = {"banana", "apple", "Cherry", "apple2", "", "b"}
table.sort(t)
print(table.concat(t, ","))
