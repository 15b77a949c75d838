-- %q round-trips generated strings and numbers
local function lcg(seed) return function() seed = (seed * 1103515245 + 12345) % 2147483648; return seed end end
local rnd = lcg(7)
local okc = 0
for n = 1, 200 do
  local t = {}
  for i = 1, n % 17 do t[i] = string.char(rnd() % 256) end
  local s = table.concat(t)
  if load("return " .. string.format("%q", s))() == s then okc = okc + 1 end
end
print("strings ok", okc)
local okn = 0
for n = 1, 200 do
  local x = (rnd() - 1073741824) / (rnd() + 1) * 2 ^ (rnd() % 200 - 100)
  if load("return " .. string.format("%q", x))() == x then okn = okn + 1 end
end
print("floats ok", okn)
