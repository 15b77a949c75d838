local a, b = ...
a, b =
  b,
  a
x.y, z =
  1, 2
t[a], t[b] = t[b],
  t[a]
local p, q =
  g,
  h
local r <const> = 10
local s = r
  + a
function x.y
  .z(v)
  return v
end
print(p, q, s)
