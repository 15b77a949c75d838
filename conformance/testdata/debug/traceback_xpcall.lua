-- debug.traceback as an xpcall message handler
local function fail() error("failure", 1) end
local function middle() fail() end
print(xpcall(middle, debug.traceback))
print(xpcall(function() local x = nil; return x.field end, debug.traceback))
