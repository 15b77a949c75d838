-- checks not binds tighter than == and comparisons
print(not 1 == 2, not (1 == 2))
print(not nil == true, not nil == false)
print(pcall(function() return not 1 < 2 end))
