-- checks "'for' initial value must be a number" and limit/step errors
print(pcall(function() for i = nil, 10 do end end))
print(pcall(function() for i = 1, "x" do end end))
print(pcall(function() for i = 1, 10, {} do end end))
print(pcall(function() for i = "1", 2 do io.write(math.type(i), " ") end end))  -- numeric strings are converted
print(pcall(function() for i = 1, "2.5" do io.write(i, " ") end end))
print(pcall(function() local t = {}; for i = 1, t.n do end end))
