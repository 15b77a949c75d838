-- tostring and tonumber argument errors
print(pcall(tostring))
print(pcall(tonumber))
print(pcall(tonumber, nil, nil))
print(pcall(tonumber, 1, 2))
print(pcall(tonumber, "1", 1))
print(pcall(tonumber, "1", 37))
print(pcall(tonumber, "1", 3.5))
print(pcall(tonumber, "z", 36))
