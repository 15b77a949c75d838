local a, b = ...
local c = a
  + b
  * a
local t = {
  a,
  [[x
y]],
  b
}
print(
  c,
  t)
