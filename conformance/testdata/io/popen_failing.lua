-- io.popen with a failing or missing command
local p = io.popen("ls /definitely/not/here 2>/dev/null")
print(p:read("a"))
local ok, how, code = p:close()
print(ok, how, code ~= 0)
p = io.popen("nonexistent_command_xyz 2>/dev/null")
print(p:read("a"), p:close())
