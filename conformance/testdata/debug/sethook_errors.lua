-- debug.sethook argument handling
print(pcall(debug.sethook, 1, "c"))
print(pcall(debug.sethook, function() end))
print(debug.gethook())
debug.sethook(function() end, "")
print(debug.gethook())
debug.sethook()
