-- checks pcall returns true plus all results on success and false plus the error otherwise
print(pcall(function(...) return ... end, 1, nil, 3))
print(pcall(function() end))
print(pcall(pcall, error, "x"))
print(pcall(nil))
print(pcall(42))
