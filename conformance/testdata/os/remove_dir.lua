-- os.remove on an empty directory removes it; on a non-empty one fails
local base = os.tmpname()
os.remove(base)
assert(os.execute("mkdir " .. base))
local f = io.open(base .. "/x", "w"); f:write("1"); f:close()
local ok, msg, code = os.remove(base)
print(ok, msg and msg:gsub("^.*: ", "<dir>: "), code)
print(os.remove(base .. "/x"))
print(os.remove(base))
