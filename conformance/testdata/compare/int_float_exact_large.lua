-- checks integer vs float ordering at values where the float conversion of the integer rounds
local i = 2^53 + 1           -- float: rounds to 2^53
local j = 9007199254740993  -- integer 2^53 + 1
print(i == j, j > i, j >= i, i < j, math.type(i), math.type(j))
print(math.maxinteger < 9.3e18, math.maxinteger > 9.2e18)
print(-9007199254740993 < -2^53, -9007199254740993 <= -(2^53))
