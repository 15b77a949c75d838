-- output written before an uncaught error (even without newline) is kept
io.write("partial line")
io.write(" continues")
local function stop() error("stopped") end
stop()
