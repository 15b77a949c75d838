-- checks __close receives the value and the error object (nil on normal exit)
local mt = {__close = function(v, e) print("close", v.tag, e) end}
do local x <close> = setmetatable({tag = "normal"}, mt) end
pcall(function() local y <close> = setmetatable({tag = "err"}, mt); error("E", 0) end)
