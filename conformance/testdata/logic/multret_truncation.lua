-- checks and/or adjust multiple results to a single value
local function two() return 1, 2 end
print(two() and two())
print(two() or 0)
print((two()))
print(nil or two())
print(false and 0 or two())
