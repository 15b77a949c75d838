-- checks an uncaught syntax error raised by dofile on a helper file (stderr traceback)
print("before")
dofile("lib/bad_chunk.lua")
print("not reached")
