-- tostring of a closed file is "file (closed)"; open files show "file (0x...)"
local tmp = require("tmp")
local name = tmp.with()
local f = io.open(name)
print((tostring(f):gsub("0x%x+", "ADDR"):gsub("%(%x+%)", "(ADDR)")))
f:close()
print(tostring(f))
os.remove(name)
