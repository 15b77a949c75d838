-- math.random(m, n) with large ranges after seeding
math.randomseed(2024)
print(math.random(0, math.maxinteger))
print(math.random(math.mininteger, 0))
print(math.random(math.mininteger, -1))
print(math.random(1, 2), math.random(1, 2), math.random(1, 2), math.random(1, 2))
print(math.random(1000000), math.random(-1000000, -999990))
for i = 1, 3 do print(math.random(1 << 40)) end
