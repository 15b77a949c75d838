-- collectgarbage option validation
print(pcall(collectgarbage, "nope"))
print(pcall(collectgarbage, 1))
print(pcall(collectgarbage, {}))
print(pcall(collectgarbage, "step", "x"))
print(pcall(collectgarbage, "setpause", "x"))
print(pcall(collectgarbage, ""))
print(collectgarbage(nil))
