-- xpcall requires a message handler argument; pcall requires a function value
print(pcall(xpcall))
print(pcall(xpcall, print))
print(pcall(pcall))
print(pcall(pcall, nil))
print(pcall(xpcall, nil, print))
print(xpcall(nil, function(m) return "handled: " .. m end))
print(pcall(xpcall, print, nil))
