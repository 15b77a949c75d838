-- an uncaught table error with __tostring is reported through __tostring (no traceback)
local mt = {__tostring = function(e) return "E: " .. e.msg end}
local E = setmetatable({msg = "custom failure"}, mt)
print("before", tostring(E))
local function fail() error(E) end
fail()
