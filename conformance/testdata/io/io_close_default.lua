-- io.close with no argument closes the default output file
local out = os.tmpname()
io.output(out)
io.write("hello")
print(io.close())
print(io.type(io.output()))
io.output(io.stdout)
for l in io.lines(out) do print(l) end
os.remove(out)
