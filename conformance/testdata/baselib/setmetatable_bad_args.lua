-- setmetatable argument errors
print(pcall(setmetatable))
print(pcall(setmetatable, {}))
print(pcall(setmetatable, 1, {}))
print(pcall(setmetatable, "s", {}))
print(pcall(setmetatable, {}, 1))
print(pcall(setmetatable, {}, "x"))
print(pcall(setmetatable, {}, true))
print(pcall(setmetatable, nil, nil))
