-- load argument checking: chunk, chunkname, mode and env
print(pcall(load))
print(pcall(load, true))
print(pcall(load, {}))
print(pcall(load, "return 1", {}))
print(pcall(load, "return 1", "n", {}))
print(pcall(load, "return 1", "n", 5))
print(load("return 1", nil, nil)())
print(load("return 1", "n", nil, nil)())
