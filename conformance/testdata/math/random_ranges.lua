-- math.random results stay within the requested ranges and have the right types
math.randomseed(7)
local ok = true
for i = 1, 1000 do
  local a = math.random()
  local b = math.random(6)
  local c = math.random(-3, 3)
  if not (a >= 0 and a < 1 and math.type(a) == "float") then ok = false end
  if not (b >= 1 and b <= 6 and math.type(b) == "integer") then ok = false end
  if not (c >= -3 and c <= 3) then ok = false end
end
print(ok)
print(math.type(math.random(0)), math.type(math.random(1, 1)))
