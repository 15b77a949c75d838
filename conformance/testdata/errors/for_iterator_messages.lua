-- checks error messages for bad values in generic for and numeric for
print(pcall(function() for x in 5 do end end))
print(pcall(function() for i = 1, {} do end end))
print(pcall(function() for i = 1, 2, "x" do end end))
