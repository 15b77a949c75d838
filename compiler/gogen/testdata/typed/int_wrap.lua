-- integer arithmetic wraps around in the typed copy as in the interpreter
local x, n, m = math.maxinteger - 5, 0, 1
for i = 1, 10 do
  x = x + 1
  n = n + x * 3
  m = -m * 7 - i
end
print(x, n, m, math.type(x))
