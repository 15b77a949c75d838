local t = {
  1,
  2 +
  3,
}
local u = { x =
  a,
  y = b }
local v = {
  [a] = 1,
  [1.5]
  = 2,
  [-1] =
  3,
  f(),
  g
  .h,
  k
}
local w = {
  a, b,
  c
  , d
  ; e
}
local z =
{
  ...
}
local n = { { 1 }, { 2,
  3 } }
print(t, u, v, w, z, n)
