-- io.lines with a file name closes the file at the end; missing file is an error
local tmp = require("tmp")
local name = tmp.with("one\ntwo\nthree\n")
local n = 0
for l in io.lines(name) do n = n + 1; io.write(l, ";") end
print(n)
for a, b in io.lines(name, 2, "l") do io.write(a, "|", b, ";") end
print()
print(pcall(io.lines, "nofile.txt"))
local ok, err = pcall(io.lines, "no/dir/f")
print(ok, err)
os.remove(name)
