-- invalid use of '%' in replacement string
print(pcall(string.gsub, "abc", "b", "%a"))
print(pcall(string.gsub, "abc", "b", "x%"))
print(pcall(string.gsub, "abc", "b", "%-"))
print(pcall(string.gsub, "abc", "(b)", "%1%2"))
print(string.gsub("abc", "b", "%%"))
