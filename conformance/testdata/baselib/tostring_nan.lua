-- NaN formatting: 0/0 prints as -nan or nan depending on sign bit (reference: x86-64 glibc)
local nan = 0/0
print(nan)
print(-nan)
print(tostring(nan) == tostring(nan))
print(nan == nan, nan ~= nan)
print(math.huge - math.huge)
print(string.format("%.1f", 0.5))
