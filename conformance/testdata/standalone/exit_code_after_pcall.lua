-- errors caught by pcall do not change the exit status
print(pcall(error, "caught"))
print(pcall(function() local x = nil; return x.y end))
print(xpcall(error, function(m) return "handled " .. m end, "again"))
print("finished normally")
