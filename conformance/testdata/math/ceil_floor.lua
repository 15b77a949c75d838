-- math.ceil and math.floor return integers when representable
for _, x in ipairs({3.2, -3.2, 3.0, -0.5, 0.5, 7, -7, 2^53 + 0.0, 1e100, -1e100}) do
  local c, f = math.ceil(x), math.floor(x)
  print(x, c, math.type(c), f, math.type(f))
end
print(math.floor(math.huge), math.ceil(-math.huge))
print(math.floor(-0.0), math.ceil(-0.5))
local n = math.floor(0/0)
print(n ~= n)
print(math.floor("3.7"), math.ceil("3.2"))
print(pcall(math.floor, {}))
