local a, b, c = ...
local x = a and
  b or
  c
local y = a
  and b
  and c
if a and
  b or
  c then
  print(x)
end
local z = a == b
  or a < c
  or b >= 3
while a and
  not b do
  a = nil
end
local w = not
  a
local q = - a
  + #
  b
print(x, y, z, w, q)
