-- tail calls forwarding varargs keep all values and do not grow the stack
local function pass(n, ...)
  if n == 0 then return select('#', ...), ... end
  return pass(n - 1, ...)
end
print(pass(1000000, "a", nil, "c"))
local function rotate(n, a, b, c)
  if n == 0 then return a, b, c end
  return rotate(n - 1, b, c, a)
end
print(rotate(1000001, 1, 2, 3))
