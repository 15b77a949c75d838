-- long format strings and literal text in os.date
local fmt = string.rep("%Y-", 50) .. " literal text with %% signs"
print(os.date("!" .. fmt, 0))
print(#os.date(string.rep("%c", 200), 0))
print(pcall(os.date, "text % with %% signs", 0))
print(os.date("!Year %Y, day %j, week %U", 0))
print(os.date("!%%Y is not expanded", 0))
