local a, b, c = ...
local s = a ..
  b ..
  c
local t = a
  .. "x"
  .. b
  .. c
local u = "p" .. (a
  .. b) .. c
print(s, t, u)
