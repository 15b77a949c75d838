-- checks an uncaught compile error from a goto into a local's scope, via a helper file (traceback on stderr)
print("loading")
dofile("lib/bad_goto.lua")
