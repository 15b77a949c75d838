-- checks a backslash followed by a real newline inside a short string yields "\n"
local s = "a\
b"
print(#s, s:byte(2))
print(s)
