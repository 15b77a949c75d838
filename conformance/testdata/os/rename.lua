-- os.rename moves files; errors for missing sources
local a = os.tmpname()
local b = a .. ".renamed"
local f = assert(io.open(a, "w")); f:write("x"); f:close()
print(os.rename(a, b))
print(io.open(a) == nil, io.open(b) ~= nil)
print(os.remove(b))
print(os.rename("nofile", "other"))
print(pcall(os.rename, "a"))
os.remove(a)
