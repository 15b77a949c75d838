-- opening a directory for reading succeeds but reading fails
local f = io.open(".")
print(io.type(f))
print(f:read(1))
f:close()
print(io.open(".", "w"))
