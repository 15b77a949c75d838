local a = ...
local b = - -
  a
local c = not not
  a
local d = # (
  a)
local e = ~
  a
local f = -
  g.h
local k = not (a
  == b)
print(b, c, d, e, f, k)
