-- os.exit(code, true) closes the state first, running pending __gc finalizers
local t = setmetatable({}, {__gc = function() print("finalizer ran") end})
local keep = {t}
print("exiting with 5 after closing", #keep)
os.exit(5, true)
print("not reached")
