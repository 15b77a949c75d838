-- %q of floats: hex floats, integral floats, inf, -inf and nan
local f = string.format
for _, x in ipairs({1.0, -1.0, 0.5, 0.1, 1/3, 1e300, -0.0, 2^63, 1e-310}) do
  local q = f("%q", x)
  local back = load("return " .. q)()
  print(q, back == x, math.type(back))
end
print(f("%q", math.huge), f("%q", -math.huge), f("%q", 0/0))
print(load("return " .. f("%q", math.huge))() == math.huge)
local n = load("return " .. f("%q", 0/0))()
print(n ~= n)
