local a, b = ...
a.x.y = b
  .z
a[b][
  1] = 2
a
  .x = 3
local c <const> = 10
local d = c * a
  .n
goto skip
print(d)
::skip::
b = a == nil and
  1 or 2
f(a)
  ;(b)(c)
local e, g = f(), f(
  ), f
  ()
print(a, b, e, g)
