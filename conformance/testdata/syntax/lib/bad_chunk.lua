-- helper with a syntax error on line 4, loaded by uncaught_dofile.lua
local a = 1
local b = 2
local c = a +* b
