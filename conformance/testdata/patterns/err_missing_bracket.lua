-- malformed pattern with an unclosed set
print(pcall(string.find, "abc", "[a"))
print(pcall(string.find, "abc", "[a-"))
print(pcall(string.find, "abc", "["))
print(pcall(string.find, "abc", "[^"))
print(pcall(string.find, "abc", "[]"))
print(pcall(string.find, "abc", "[^]"))
print(pcall(string.match, "abc", "x[%a"))
print(pcall(string.gsub, "abc", "[", "x"))
