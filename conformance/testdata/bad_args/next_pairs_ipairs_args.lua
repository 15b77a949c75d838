-- next requires a table; pairs/ipairs need some value
print(pcall(next, "s"))
print(pcall(next, 1, 2))
print(pcall(next, print))
print(pcall(pairs))
print(pcall(ipairs))
print(pcall(function() for k in next, 5 do end end))
print(pcall(function() for k in pairs("s") do end end))
