-- os.time accepts integral floats and strings for fields; hour defaults to 12
local t = {year = 2020.0, month = 6.0, day = 15.0}
print(os.time(t), os.date("!%H:%M:%S", os.time(t)))
print(os.time({year = 2020, month = 6, day = 15, hour = 12, min = 0, sec = 0}))
print(os.time({year = 2020, month = 6, day = 15, min = 90}))
