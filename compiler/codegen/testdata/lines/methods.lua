local o = ...
o:m(1,
  2)
o
  :m()
o:m(
  1
):n(
  2)
local s = o.a.b
  .c
  :d("x")
local r = g.a
  .b
local q = o[1]
  [g]
  [o
  .x]
print(s, r, q)
