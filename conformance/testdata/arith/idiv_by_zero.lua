-- checks integer floor division by zero raises "attempt to divide by zero"
print(pcall(function() return 1 // 0 end))
print(pcall(function() local z = 0; return 10 // z end))
print(pcall(function() return math.mininteger // 0 end))
print(1 // 0.0, -1 // 0.0, 0 // 0.0 ~= 0 // 0.0)
