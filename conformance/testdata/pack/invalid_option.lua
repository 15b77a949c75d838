-- invalid format options are rejected
print(pcall(string.pack, "y", 1))
print(pcall(string.pack, "i4 q", 1, 2))
print(pcall(string.unpack, "k", "abc"))
print(pcall(string.packsize, "w"))
print(pcall(string.pack, "%", 1))
print(pcall(string.pack, "I4 [", 1))
