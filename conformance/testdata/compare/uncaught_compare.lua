-- checks an uncaught "attempt to compare" error and its traceback
local function less(a, b) return a < b end
print(less(1, 2))
print(less({}, 3))
