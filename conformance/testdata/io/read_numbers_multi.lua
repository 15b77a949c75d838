-- several numbers in one read call, stopping at the first failure
local tmp = require("tmp")
local name = tmp.with("1 2.5 0x10 bad 4")
local f = assert(io.open(name))
print(f:read("n", "n", "n", "n", "n"))
print(f:read("a"))
f:close()
os.remove(name)
