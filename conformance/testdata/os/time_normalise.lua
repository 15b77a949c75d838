-- os.time normalises out-of-range fields and updates the table
local t = {year = 2023, month = 13, day = 1, hour = 0}
print(os.time(t), t.year, t.month, t.day, t.yday, t.wday)
t = {year = 2024, month = 3, day = 0, hour = 0}
print(os.time(t), t.month, t.day)
t = {year = 2024, month = 1, day = 1, hour = 25, min = 61, sec = 61}
print(os.time(t), t.day, t.hour, t.min, t.sec)
t = {year = 2024, month = 0, day = 1}
print(os.time(t), t.year, t.month)
t = {year = 2024, month = 1, day = -1, hour = 12}
print(os.time(t), t.year, t.month, t.day)
t = {year = 2024, month = 1, day = 1, hour = 12, isdst = false}
print(os.time(t), t.isdst)
t = {year = 2024, month = 1, day = 400}
print(os.time(t), t.year, t.month, t.day)
