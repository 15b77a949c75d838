-- checks string comparison is lexicographic by bytes (locale C), prefixes are smaller
print("a" < "b", "a" < "B", "Z" < "a", "abc" < "abd", "ab" < "abc")
print("" < "a", "a" <= "a", "b" >= "a", "10" < "9", "a\0b" < "a\0c")
print("a\0" > "a", "\255" > "\1", "A" < "a")
print("x" == "x", "x" ~= "X")
local t = {"pear", "Apple", "banana", "apple", "10", "9", ""}
table.sort(t)
print(table.concat(t, ","))
