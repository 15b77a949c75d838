-- unpacking beyond the data gives "data string too short"
print(pcall(string.unpack, "i4", "abc"))
print(pcall(string.unpack, "d", ""))
print(pcall(string.unpack, "BBB", "\1\2"))
print(pcall(string.unpack, "c4", "abc"))
print(pcall(string.unpack, "s1", "\9abc"))
print(pcall(string.unpack, "z", ""))
print(pcall(string.unpack, "!4 B i4", "\1\0\0\0\1"))
