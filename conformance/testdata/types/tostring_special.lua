-- checks tostring of special float values: -0.0, inf, -inf, nan and integers extremes
print(-0.0, 0.0, 0/-1)
print(1/0, -1/0, math.huge, -math.huge)
local nan = 0/0
print(nan ~= nan, tostring(nan) == tostring(0/0))
print(string.format("%.1f", 1/0))
print(math.mininteger, math.maxinteger)
print(math.mininteger * 1.0, math.maxinteger + 0.0)
print(tostring(-0.0), tostring(1e300 * 1e10))
