print(
  a,
  b
)
print(a,
  b, c)
print
(a)
f(g(
  1),
  h(2
  ))
f "str"
f
"str"
f {
  1
}
f(...)
f(
  ...
)
f(a)(b)
  (c)
local x = f(a,
  g.b,
  h[1]
  )
return f(
  x
)
