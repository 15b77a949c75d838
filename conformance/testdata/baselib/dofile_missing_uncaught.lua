-- an uncaught dofile of a missing file reports "cannot open" and exits 1
print("before")
local path = "lib/nofile.lua"
print("loading " .. path)
dofile(path)
print("not reached")
