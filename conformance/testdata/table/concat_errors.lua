-- table.concat errors for invalid values and missing entries
print(pcall(table.concat, {1, {}, 3}))
print(pcall(table.concat, {1, 2, nil, 4}, ",", 1, 4))
print(pcall(table.concat, {true}))
print(pcall(table.concat, {"a", "b"}, ",", 1, 3))
print(pcall(table.concat, "abc"))
print(pcall(table.concat, {}, {}))
print(pcall(table.concat, {"a"}, "", 1, 1.5))
