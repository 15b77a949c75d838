-- concatenation converts numbers to strings
print(1 .. 2, 1.5 .. "x", -0.0 .. "", 2^63 .. "")
print(math.maxinteger .. "", math.mininteger .. "")
print(10 // 1 .. "", 10 / 1 .. "")
print(1e100 .. "", 1/0 .. "", -1/0 .. "")
print(pcall(function() return "a" .. {} end))
print(pcall(function() return "a" .. nil end))
print(pcall(function() return true .. "a" end))
