local a, b, c = 1, 2, 3
local z = a == b
  or a < c
  or b >= 3
return z