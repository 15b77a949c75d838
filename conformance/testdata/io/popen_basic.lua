-- io.popen reading a command's output and close returning its status
local p = assert(io.popen("echo hi"))
print(io.type(p))
print(p:read("a"))
print(p:close())
p = io.popen("exit 3")
print(p:read("a") == "")
print(p:close())
p = io.popen("printf 'a\\nb\\n'")
for l in p:lines() do print("line", l) end
print(p:close())
p = io.popen("kill -9 $$")
print(p:close())
