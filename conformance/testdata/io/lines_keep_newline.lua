-- "L" keeps newlines; last line without newline; CRLF kept as CR
local tmp = require("tmp")
local name = tmp.with("a\r\nb\n\nlast")
local out = {}
for l in io.lines(name, "L") do out[#out + 1] = string.format("%q", l) end
print(table.concat(out, " "))
out = {}
for l in io.lines(name) do out[#out + 1] = string.format("%q", l) end
print(table.concat(out, " "))
os.remove(name)
