-- n is a float at run time where the generator guessed an integer: the
-- check at the loop's head keeps the generic code running it
local n = tonumber("10.5")
local s = 0
for i = 1, 3 do s = s + n * i end
local t = tonumber("7")
for i = 1, 3 do t = t + i end
print(s, t)
