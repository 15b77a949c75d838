-- file:write and io.write return the file; write accepts numbers
local tmp = require("tmp")
local name = tmp.with()
local f = assert(io.open(name, "w"))
print(f:write("a", 1, 2.5, "b") == f)
print(f:write() == f)
print(pcall(f.write, f, {}))
print(pcall(f.write, f, nil))
f:close()
for l in io.lines(name) do print(l) end
print(io.write("x", 1, "\n") == io.stdout)
os.remove(name)
