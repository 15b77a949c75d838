-- checks NaN is unequal to everything including itself and all orderings are false
local nan = 0/0
print(nan == nan, nan ~= nan, nan < nan, nan <= nan, nan > nan, nan >= nan)
print(nan < 1, nan > 1, 1 < nan, 1 >= nan, nan == 1)
print(nan < math.huge, nan > -math.huge, not (nan < 0), not (nan >= 0))
local t = {nan}
print(t[1] == t[1], rawequal(nan, nan))
