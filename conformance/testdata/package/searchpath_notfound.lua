-- package.searchpath returns nil and a message listing every tried file
print(package.searchpath("missing", package.path))
print(package.searchpath("a.b.c", "x/?.lua;y/?/z.lua;?"))
print(package.searchpath("m", ""))
print(package.searchpath("m", ";;"))
print(pcall(package.searchpath, "m"))
