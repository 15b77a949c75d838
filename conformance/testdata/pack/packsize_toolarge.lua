-- packsize raises "format result too large"; overlong digit runs stop at the int limit
print(pcall(string.packsize, string.rep("c214748364", 11)))
print(string.packsize(string.rep("c214748364", 5)))
print(pcall(string.packsize, "c2147483647"))
