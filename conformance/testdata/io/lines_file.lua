-- file:lines with default and explicit formats
local tmp = require("tmp")
local name = tmp.with("a\nbb\n\nccc")
local f = assert(io.open(name))
for l in f:lines() do io.write("[", l, "]") end
print()
f:seek("set")
for l in f:lines("L") do io.write("[", l, "]") end
print()
f:seek("set")
for a, b in f:lines(1, 1) do io.write("<", a, b or "nil", ">") end
print()
print(io.type(f))
f:close()
os.remove(name)
