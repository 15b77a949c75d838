-- checks a zero step raises "'for' step is zero" for integer and float loops
print(pcall(function() for i = 1, 10, 0 do end end))
print(pcall(function() for i = 1.0, 10, 0.0 do end end))
print(pcall(function() local s = 0; for i = 1, 2, s do end end))
print(pcall(function() for i = 1, 10, -0.0 do end end))
