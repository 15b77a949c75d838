-- error with non-string values: tables, nil, numbers, booleans keep their value and get no position
local t = {msg = "table error"}
local ok, e = pcall(error, t)
print(ok, e == t, e.msg)
print(pcall(error, nil))
print(pcall(error))
print(pcall(error, 42))
print(pcall(error, 3.25))
print(pcall(error, true))
print(pcall(error, false))
print(pcall(function() error(100) end))
print(pcall(function() error(math.mininteger) end))
local ok3, e3 = pcall(function() error({1, 2, 3}, 2) end)
print(ok3, type(e3), #e3)
-- a number is not a string, so no position is prepended
local ok4, e4 = pcall(function() error(12) end)
print(ok4, math.type(e4), e4)
