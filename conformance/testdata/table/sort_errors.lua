-- table.sort errors: incomparable values and bad arguments
print(pcall(table.sort, {1, "2", 3}))
print(pcall(table.sort, {{}, {}}))
print(pcall(table.sort, {1, 2}, 3))
print(pcall(table.sort, "abc"))
print(pcall(table.sort, {3, 2, 1}, function(a, b) error("cmp failed") end))
print(pcall(table.sort, {1, nil, 3}))
