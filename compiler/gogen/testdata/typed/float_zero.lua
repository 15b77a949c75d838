-- float division and modulo by zero do not raise errors
local s, m, d = 0.0, 0.0, 0
for i = 3, -1, -1 do
  s = s + 1 / i
  m = 5.5 % i
  d = i // 0.0
end
print(s, m, d, s ~= s)
