-- invalid conversion specifiers raise errors
print(pcall(os.date, "%Ez", 0))
print(pcall(os.date, "%Q", 0))
print(pcall(os.date, "!%", 0))
print(pcall(os.date, "%E", 0))
print(pcall(os.date, "%O", 0))
print(pcall(os.date, "%Oz", 0))
print(pcall(os.date, "abc %5d", 0))
print(pcall(os.date, "%!", 0))
