-- debug.traceback as the message handler appends a stack traceback to string errors
local function inner() error("traced") end
local function outer() inner() end
local ok, tb = xpcall(outer, debug.traceback)
print(ok)
print(tb)
print("--")
local ok2, tb2 = xpcall(function() error({}) end, debug.traceback)
print(ok2, type(tb2))
local ok3, tb3 = xpcall(function() error(42) end, debug.traceback)
print(ok3, tb3)
