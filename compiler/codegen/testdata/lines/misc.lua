local a, b = ...
local s = ("x"):rep(
  2)
local t = { [ [[
k]] ] = 1, 1
  , 2.5
  , 0x10
  ; "s"
  , a
}
local u = f{...}
local v = ((((a
  ))))
  + ((b))
local w = { [a] =
  b, [b]
  = a }
local x = a
  [b]
  [1]
  .c
  :d()
local y = - - - a
local z = #t
  .. #t
local q = a or
  b and
  a or
  b
print(s, t, u, v, w, x, y, z, q)
