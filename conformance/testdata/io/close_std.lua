-- closing a standard file: stdout cannot really be closed
local ok, a, b = pcall(io.stdout.close, io.stdout)
print(ok, a, b)
print(io.type(io.stdout))
io.stdout:write("still open\n")
print(pcall(io.close))
print(io.type(io.stderr))
