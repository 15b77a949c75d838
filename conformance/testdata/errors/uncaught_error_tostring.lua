-- checks an uncaught error object with __tostring uses it for the message
error(setmetatable({}, {__tostring = function() return "my error object" end}))
