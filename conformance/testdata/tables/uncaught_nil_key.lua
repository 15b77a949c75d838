-- checks an uncaught "index is nil" error from a table assignment, with traceback
local t = {}
local key
t.a = 1
t[key] = 2
