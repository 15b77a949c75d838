-- read("n") gives up on numerals longer than 200 characters
local tmp = require("tmp")
local name = tmp.with(string.rep("1", 250) .. " next")
local f = assert(io.open(name))
print(f:read("n"))
print(#f:read("a"))
f:close()
os.remove(name)
