-- math.random() floats after seeding, printed in hex to check all 53 bits
math.randomseed(123)
for i = 1, 6 do print(string.format("%a", math.random())) end
math.randomseed(123, 456)
for i = 1, 3 do print(string.format("%a", math.random())) end
