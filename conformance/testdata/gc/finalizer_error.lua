-- errors in finalizers become warnings (off by default) and do not stop the program
setmetatable({}, {__gc = function() error("error in gc") end})
collectgarbage()
print("still running")
