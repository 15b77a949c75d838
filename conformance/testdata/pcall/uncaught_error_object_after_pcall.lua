-- a table error caught by pcall and rethrown uncaught uses its __tostring
local E = setmetatable({}, {__tostring = function() return "rethrown custom error" end})
local ok, e = pcall(error, E)
print(ok, e == E, tostring(e))
error(e)
