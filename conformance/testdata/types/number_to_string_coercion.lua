-- checks numbers converted to strings by concatenation and string functions
print(1 .. 2, 1.0 .. "", 2^63 .. "", math.mininteger .. "")
print(("x"):rep(3), pcall(function() return (12):rep(2) end))
print(string.len(12345), string.len(1.5), string.upper(1e20))
print(#tostring(12), tostring(-7))
