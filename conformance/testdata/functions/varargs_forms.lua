-- checks ... in expression lists, tables, and parentheses
local function f(...)
  local a, b = ...
  local t = {...}
  local n = select('#', ...)
  return a, b, #t, n, (...)
end
print(f(1, 2, 3))
print(f())
local function g(...) return ... end
print(g(1, nil, 3))
print((g(1, 2)))
local function h(a, ...) return a, select('#', ...) end
print(h(), h(1), h(1, 2, 3))
