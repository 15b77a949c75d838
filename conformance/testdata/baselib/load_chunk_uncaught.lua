-- an uncaught error inside a loaded string chunk shows [string "..."] frames in the traceback
local f = assert(load("local function inner() error('from loaded chunk') end\ninner()", "=(loaded)"))
local g = assert(load("local t = nil\nreturn t.x"))
print(pcall(g))
f()
