-- files hold arbitrary bytes including zeros
local tmp = require("tmp")
local all = {}
for i = 0, 255 do all[#all + 1] = string.char(i) end
local data = table.concat(all):rep(4)
local name = tmp.with(data)
local f = assert(io.open(name, "rb"))
local back = f:read("a")
f:close()
print(#back, back == data)
f = assert(io.open(name, "rb"))
print(#f:read("l"), f:read(3):byte(1, -1))
f:close()
os.remove(name)
