-- %s formats numbers like tostring (%.14g for floats, integers as is)
local f = string.format
print(f("%s %s %s %s", 0.1, 1/3, 100.0, 1e15))
print(f("%s %s %s", 1e16, -1e-5, 123456789012345678))
print(f("%s %s", 2^24, 3.0 // 1))
print(f("%10.3s|", 3.14159))
