-- reading very long lines and big chunks
local tmp = require("tmp")
local name = tmp.with(string.rep("x", 100000) .. "\n" .. string.rep("y", 5000))
local f = assert(io.open(name))
print(#f:read("l"), #f:read(100000))
f:close()
os.remove(name)
