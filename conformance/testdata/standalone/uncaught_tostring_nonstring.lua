-- an error object whose __tostring returns a non-string is reported by type
local obj = setmetatable({}, {__tostring = function() return 123 end})
print("before")
local function fail() error(obj) end
fail()
