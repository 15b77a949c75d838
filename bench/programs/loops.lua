-- loops: numeric for loops (integer and float steps, counting down),
-- while and repeat loops, with the arithmetic and comparisons that run in
-- their bodies. Little else: no calls, no tables. Checksum: the four sums.
-- bench: quick=200
local n = tonumber(arg and arg[1]) or 9000

-- nested integer loops with modulo and multiplication
local s1 = 0
for i = 1, n do
  for j = 1, n do
    s1 = s1 + (i * j) % 7
  end
end

-- a float loop with a fractional step
local s2 = 0.0
for x = 0, n * 40, 0.25 do
  s2 = s2 + x * 0.5 - x / 4
end

-- a while loop with a branch
local s3, k = 0, 0
local limit = n * 400
while k < limit do
  k = k + 1
  if k % 3 == 0 then
    s3 = s3 + k
  elseif k % 5 == 0 then
    s3 = s3 - 1
  end
end

-- a counting-down loop and a repeat loop
local s4 = 0
for i = n * 400, 1, -1 do
  s4 = s4 + i % 11
end
local r = 0
repeat
  r = r + 1
  s4 = s4 + (r % 2 == 0 and 2 or 1)
until r >= n * 200

print(string.format("%d %.2f %d %d", s1, s2, s3, s4))
