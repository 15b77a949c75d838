-- io.popen in write mode feeds the command's standard input
local name = os.tmpname()
local p = assert(io.popen("cat > " .. name, "w"))
p:write("through the pipe\n", 42, "\n")
print(p:close())
for l in io.lines(name) do print(l) end
os.remove(name)
print(pcall(io.popen, "true", "rw"))
print(pcall(io.popen, "true", "x"))
