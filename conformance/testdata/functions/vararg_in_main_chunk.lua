-- checks the main chunk is a vararg function receiving the script arguments
print(select('#', ...), ...)
local a, b = ...
print(a, b)
print(arg[0], arg[1], arg[2], #arg)
