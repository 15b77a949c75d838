-- values read from tables and returned by calls whose type is not the
-- one guessed, or changes along the loop (integers then floats)
local t = {}
for i = 1, 100 do t[i] = i end
local s = 0.0
for i = 1, 100 do s = s + t[i] end -- integers read, a float sum
print(s)
for i = 50, 100 do t[i] = i + 0.5 end
local s2 = 0
for i = 1, 100 do s2 = s2 + t[i] * 2 end
print(s2)
local function half(x) if x > 60 then return x // 2 end return x / 2 end
local s3 = 0
for i = 1, 100 do s3 = s3 + half(i) end
print(s3, math.type(s3))
local mixed = {1, 2.0, 3, 4.0, "5", 6}
local s4 = 0
for i = 1, #mixed do s4 = s4 + mixed[i] end
print(s4, math.type(s4))
