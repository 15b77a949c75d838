local t = {
  a
  .b,
  f
  (1),
  o
  :m(),
  g
  [1],
  h
  "s",
  k
  {},
  x = 1,
  y
  = 2,
  z,
  w
}
print(t)
