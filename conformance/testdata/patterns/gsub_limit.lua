-- gsub with a maximum number of substitutions
print(string.gsub("aaaa", "a", "b", 2))
print(string.gsub("aaaa", "a", "b", 0))
print(string.gsub("aaaa", "a", "b", -1))
print(string.gsub("aaaa", "a", "b", 100))
print(string.gsub("aaaa", "a", "b", 2.0))
print(pcall(string.gsub, "aaaa", "a", "b", 1.5))
print(string.gsub("abc", "", "-", 2))
