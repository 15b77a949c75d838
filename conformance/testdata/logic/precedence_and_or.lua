-- checks and binds tighter than or, and comparison tighter than and
print(1 or 2 and nil, (1 or 2) and nil)
print(nil and 1 or 2, nil and (1 or 2))
print(1 < 2 and 2 < 3, 1 == 1 or error("no"))
print(false or 1 == 1 and "t")
