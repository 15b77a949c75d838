-- os.difftime returns a float difference
print(os.difftime(10, 5), os.difftime(5, 10), os.difftime(0, 0))
print(math.type(os.difftime(10, 5)))
print(os.difftime(os.time({year = 2001, month = 1, day = 1, hour = 0}), os.time({year = 2000, month = 1, day = 1, hour = 0})))
print(pcall(os.difftime))
print(pcall(os.difftime, 7))
print(pcall(os.difftime, 1.5, 1))
