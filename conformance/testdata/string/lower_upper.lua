-- string.lower and string.upper leave non-letters untouched (C locale)
print(string.lower("Hello, World! 123"))
print(string.upper("Hello, World! 123"))
print(string.upper(""), string.lower(""))
print(string.upper("a\0b"):byte(1, -1))
local hi = {}
for i = 128, 255 do hi[#hi + 1] = string.char(i) end
hi = table.concat(hi)
print(string.upper(hi) == hi, string.lower(hi) == hi)
print(string.upper(12), string.lower(1e100))
print(("MiXeD"):lower(), ("MiXeD"):upper())
print(pcall(string.upper))
