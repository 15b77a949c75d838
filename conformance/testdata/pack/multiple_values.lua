-- packing and unpacking many values in one call
local hex = require("hex")
local p = string.pack("<bhi4js1zd", -1, -2, -3, -4, "ab", "cd", 0.5)
print(#p, hex(p))
print(string.unpack("<bhi4js1zd", p))
print(pcall(string.pack, "ii", 1))
