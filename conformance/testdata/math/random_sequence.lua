-- math.randomseed(42) makes math.random deterministic (xoshiro256**)
math.randomseed(42)
for i = 1, 5 do print(string.format("%.17g", math.random())) end
for i = 1, 5 do io.write(math.random(100), " ") end
print()
for i = 1, 5 do io.write(math.random(-10, 10), " ") end
print()
for i = 1, 3 do print(math.random(0)) end
print(math.random(math.mininteger, math.maxinteger))
print(math.random(3, 3), math.random(1))
