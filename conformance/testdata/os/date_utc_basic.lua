-- os.date with '!' formats a fixed time in UTC
print(os.date("!%Y-%m-%d %H:%M:%S", 0))
print(os.date("!%Y-%m-%d %H:%M:%S", 86400 * 365 + 3661))
print(os.date("!%Y-%m-%d %H:%M:%S", 1700000000))
print(os.date("!%Y-%m-%d %H:%M:%S", -1))
print(os.date("!%Y-%m-%d", 951782400))
print(os.date("!%c", 0))
print(os.date("!%x %X", 1234567890))
