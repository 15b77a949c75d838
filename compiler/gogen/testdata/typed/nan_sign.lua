-- A NaN's sign survives a product or a quotient by -1, as the machine
-- computes it (lua5.4 prints it as -nan), and Go's compiler, which turns
-- x * -1 and x / -1 into a negation when it sees the -1, must not flip it.
-- Found by TestDifferential (seed 11): q / -1 % u in a typed loop.
local function show(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = string.format("%s:%s", math.type(t[i]), tostring(t[i])) end
  print(table.concat(t, " "))
end

-- In typed loops: the constant as an operand (MULK, DIVK) and in a register.
local p, q, u = 1, -0.0, -0.0
local i = 0
while i < 4 do
  i = i + 1
  q = q / -1 % u
  p = p * -1.0
end
show(p, q, u)

local r, m, n = 0.0 % 0.0, -1, -1.0
for k = 1, 3 do
  r = r * m
  r = r / n
  r = r * -1
  r = r / -1.0
  local w = -1
  r = r * w
end
show(r)

local z = -math.huge
for k = 1, 2 do z = z % 7 / -1 end
show(z)

-- In straight-line code (the generic path).
local function f(x)
  local a = x * -1
  local b = x / -1
  local c = x * -1.0
  local minus = -1
  local d = x * minus
  local e = x / minus
  return a, b, c, d, e
end
show(f(0.0 % 0.0))
show(f(-(0.0 % 0.0)))
show(f(2.5))
show(f(-0.0))
show(f(3))
