-- checks an uncaught "'end' expected" syntax error from dofile (stderr traceback)
print("start")
dofile("lib/bad_unfinished.lua")
