local function f(a, b)
  return a +
    b
end
local function g(a)
  return a,
    a
end
local function h(a)
  return
    a
end
local function k(a)
  return (a
  )
end
local function m(...)
  return ...
end
local function n(a)
  return { a,
    a }
end
return f, g, h, k, m, n
