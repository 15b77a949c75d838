-- io.lines and file:lines accept at most 250 formats
local tmp = require("tmp")
local name = tmp.with("x")
local f = assert(io.open(name))
local fmts = {}
for i = 1, 251 do fmts[i] = "l" end
print(pcall(f.lines, f, table.unpack(fmts)))
fmts[251] = nil
print(pcall(f.lines, f, table.unpack(fmts)) and "ok")
f:close()
os.remove(name)
