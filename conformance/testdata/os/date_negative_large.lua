-- dates far in the past and future
print(os.date("!%Y-%m-%d %H:%M:%S", -2^31))
print(os.date("!%Y-%m-%d %H:%M:%S", 2^33))
print(os.date("!%Y-%m-%d", -62135596800))
print(pcall(os.date, "!%Y", 2^60))
print(pcall(os.date, "!%Y", 1e100))
