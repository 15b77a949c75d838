-- gsub with anchored patterns replaces at most once
print(string.gsub("aaa", "^a", "b"))
print(string.gsub("hello hello", "^hello", "bye"))
print(string.gsub("  x  ", "^%s+", ""))
print(string.gsub("  x  ", "%s+$", ""))
print(string.gsub("abc", "^", ">"))
print(string.gsub("abc", "$", "<"))
print(string.gsub("abc", "^$", "!"))
print(string.gsub("", "^$", "!"))
