-- sizes with many digits and size limits for s and c
print(string.packsize("c000010"))
print(pcall(string.pack, "s17", "x"))
print(pcall(string.pack, "i4X", 1))
print(pcall(string.pack, "Xi4"))
print(#string.pack("Xi4"))
