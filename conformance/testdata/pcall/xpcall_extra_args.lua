-- xpcall passes extra arguments to the called function
print(xpcall(function(a, b, c) return a + b + c end, print, 1, 2, 3))
print(xpcall(function(...) return select('#', ...) end, print, nil, nil, nil))
print(xpcall(string.rep, function(m) return "H: " .. m end, "ab", 3))
print(xpcall(string.rep, function(m) return "H: " .. m end, "ab", "x"))
print(xpcall(error, function(m) return "got " .. tostring(m) end, "direct", 0))
