-- integral sizes out of the range [1,16]
print(pcall(string.pack, "i0", 1))
print(pcall(string.pack, "i17", 1))
print(pcall(string.packsize, "I17"))
print(pcall(string.unpack, "i20", string.rep("\0", 20)))
print(pcall(string.pack, "i99999999999", 1))
