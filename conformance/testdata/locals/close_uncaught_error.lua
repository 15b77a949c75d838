-- checks an uncaught error still runs __close handlers before the traceback is printed
local h <close> = setmetatable({}, {__close = function(_, e) print("closing with", e) end})
error("fatal")
