-- checks an uncaught error raised inside a metamethod shows the metamethod frame in the traceback
local v = setmetatable({}, {__add = function(a, b) error("cannot add vectors") end})
local r = v + 1
