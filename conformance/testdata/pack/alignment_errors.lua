-- alignment must be a power of two and '!' size must be in range
print(pcall(string.pack, "!4 i3", 1))
print(pcall(string.pack, "!3 B i4", 1, 2))
print(pcall(string.pack, "!8 B i3", 1, 2))
print(pcall(string.packsize, "!8 i6"))
print(pcall(string.pack, "!17 B", 1))
print(pcall(string.pack, "!0 B", 1))
print(pcall(string.pack, "!2 i3", 1))
