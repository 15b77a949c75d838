-- checks that a < b < c is parsed as (a < b) < c and errors comparing boolean with number
print(pcall(function() return 1 < 2 < 3 end))
print(1 == 1 == true, (1 < 2) == true)
print("a" < "b" == true)
