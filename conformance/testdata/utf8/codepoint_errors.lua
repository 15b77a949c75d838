-- utf8.codepoint error messages
print(pcall(utf8.codepoint, "abc", 4))
print(pcall(utf8.codepoint, "abc", 1, 4))
print(pcall(utf8.codepoint, "\xC3", 1))
print(pcall(utf8.codepoint))
print(pcall(utf8.codepoint, "abc", 1.5))
