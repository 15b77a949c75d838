-- loadfile and dofile argument checking
print(pcall(loadfile, {}))
print(pcall(loadfile, true))
print(pcall(loadfile, "x.lua", {}))
print(pcall(dofile, {}))
print(pcall(dofile, false))
print(pcall(loadfile, 12))
