local a = 1
local b = a
  + 2
  * a
local c = a *
  b +
  g
local d = (a
  + b)
  * c
local e = 2 ^
  a ^
  b
local f = a // b
  % c
  / 3.5
local h = a & b
  | c
  ~ g
local i = a >> 2
  >> b
local j = 1 + 2
  + 3
local k = g
  + h
print(a, b, c, d, e, f, h, i, j, k)
