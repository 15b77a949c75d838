-- getinfo "f" returns the function itself
local function f() return debug.getinfo(1, "f").func end
print(f() == f)
print(debug.getinfo(print, "f").func == print)
print(debug.getinfo(1, "f").func ~= nil)
