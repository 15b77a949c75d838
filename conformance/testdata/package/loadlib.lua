-- package.loadlib with a missing library fails with "open"
local f, msg, where = package.loadlib("lib/nonexistent.so", "luaopen_x")
print(f, where, type(msg))
f, msg, where = package.loadlib("lib/nonexistent.so", "*")
print(f, where)
