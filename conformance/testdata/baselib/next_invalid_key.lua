-- next with a key that is not in the table raises an error
print(pcall(next, {}, "nokey"))
print(pcall(next, {1, 2, 3}, 10))
print(pcall(next, {a = 1}, "b"))
print(pcall(next))
print(pcall(next, 1))
print(pcall(next, nil))
