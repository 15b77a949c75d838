local x, y = 1, 0
for i = 1, 70 do
  x = x ~ (1 << i) | (x >> 3)
  y = (y + x) & 0xffffff ~ ~i
  y = y << 1 >> 2
end
print(x, y)
