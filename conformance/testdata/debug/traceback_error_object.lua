-- uncaught error with a table error object with __tostring
print("start")
error(setmetatable({}, {__tostring = function() return "custom error object" end}))
