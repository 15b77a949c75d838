-- getinfo with invalid options and levels
print(debug.getinfo(100))
print(pcall(debug.getinfo, 1, ">"))
print(pcall(debug.getinfo, 1, "X"))
print(pcall(debug.getinfo, "x"))
print(pcall(debug.getinfo))
print(debug.getinfo(0, "n").name)
