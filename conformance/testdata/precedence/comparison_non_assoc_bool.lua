-- checks comparison operators are left associative and compare booleans with ==
print(1 == 1 == true, 1 == 2 == false, "a" ~= "b" == true)
print(pcall(function() return 2 > 1 == 1 < 2 end))  -- ((2 > 1) == 1) < 2
print(pcall(function() return 3 > 2 > 1 end))
