-- an uncaught error object with __name but no __tostring still reports its basic type
local MT = {__name = "MyErrorType"}
local obj = setmetatable({}, MT)
print((tostring(obj):match("^(.-): ")))
error(obj)
