-- an uncaught use of a closed file goes to stderr
print("start")
local f = io.tmpfile()
f:close()
f:write("x")
