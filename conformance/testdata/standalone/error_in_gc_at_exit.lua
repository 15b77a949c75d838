-- errors in finalizers run at state close become warnings (shown because warnings are on)
warn("@on")
local obj = setmetatable({}, {__gc = function() error("gc failure") end})
obj = nil
print("end of script")
