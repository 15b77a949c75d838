-- inner loops at the ends of the integers: counts, not overflowing sums
local c, last = 0, 0
for i = math.maxinteger - 2, math.maxinteger do
  for j = math.mininteger, math.mininteger + 2 do
    c = c + 1
    last = i + j
  end
  for j = 5, 1 do c = c + 1000 end
  for j = 10, 1, -3 do c = c + j end
end
for x = 1, 3 do
  for y = 0.5, 2.0, 0.25 do c = c + y end
  for y = 1.0, 0.0, -0.5 do c = c + y end
end
print(c, last)
