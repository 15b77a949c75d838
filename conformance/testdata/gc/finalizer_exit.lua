-- objects still alive at exit are finalized when the state closes
keep = setmetatable({}, {__gc = function() print("finalized at exit") end})
local x = setmetatable({}, {__gc = function() print("local finalized at exit") end})
print("end of script")
