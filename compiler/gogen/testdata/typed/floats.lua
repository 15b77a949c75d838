-- float sums print as the interpreter prints them
local s, t = 0.0, 1.0
for i = 1, 10 do
  s = s + 0.1
  t = t / 3 + i ^ 2 - i // 4 + i % 3.5
end
print(s, s == 1.0, 1e15 + s, t, -s * 0.0)
