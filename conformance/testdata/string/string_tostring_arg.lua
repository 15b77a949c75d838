-- string functions accept numbers as string arguments but not other types
print(string.upper(3.25), string.rep(7, 3), string.sub(3.14159, 1, 4))
print(pcall(string.upper, {}))
print(pcall(string.sub, true))
print(pcall(string.rep, nil, 2))
print(pcall(string.reverse, setmetatable({}, {__tostring = function() return "x" end})))
print(pcall(string.lower, print))
