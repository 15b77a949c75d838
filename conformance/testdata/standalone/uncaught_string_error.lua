-- an uncaught string error prints "lua: msg" plus a traceback to stderr and exits with 1
print("output before the error")
local function fail() error("something went wrong") end
fail()
print("never printed")
