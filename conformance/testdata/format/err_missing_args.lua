-- missing arguments give "no value" errors for the right argument number
local f = string.format
print(pcall(f, "%d"))
print(pcall(f, "%d %d", 1))
print(pcall(f, "%s %s %s", "a", "b"))
print(pcall(f, "%f"))
print(pcall(f, "%c"))
print(pcall(f))
print(f("no specs", 1, 2, 3))
print(pcall(f, "%s", nil))
