-- checks an uncaught error with level 0 has no position prefix
local function f() error("no position", 0) end
f()
