-- file:lines with "n" reads numbers until the first failure
local tmp = require("tmp")
local name = tmp.with("1 2 3\n4.5 x 6")
local f = assert(io.open(name))
for n in f:lines("n") do io.write(n, " ") end
print()
print(f:read("a"))
f:close()
os.remove(name)
