-- load's mode argument: "t" accepts text, "b" rejects text, binary chunks vs "t"
print(load("return 1", "c", "t")())
print(load("return 1", "=c", "b"))
print(load("return 1", "=c", "bt") ~= nil)
local bin = string.dump(load("return 'binary ok'"))
print(load(bin, "=bin", "t"))
print(load(bin, "=bin", "b")())
print(load(bin, "=bin")())
print(pcall(load, "return 1", "c", "x"))
