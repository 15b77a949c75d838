-- invalid replacement strings and replacement types
print(pcall(string.gsub, "abc", "b", "%2"))
print(pcall(string.gsub, "abc", "(b)", "%2"))
print(pcall(string.gsub, "abc", "b", "%x"))
print(pcall(string.gsub, "abc", "b", "%"))
print(pcall(string.gsub, "abc", "b", true))
print(pcall(string.gsub, "abc", "b"))
print(pcall(string.gsub, "abc", "b", "%1"))
print(string.gsub("abc", "b", 5))
