-- io.tmpfile opens an anonymous file in update mode
local f = io.tmpfile()
print(io.type(f))
f:write("hello tmp\n", 123)
f:seek("set")
print(f:read("l"), f:read("n"))
print(f:seek("end"))
f:close()
print(io.type(f))
