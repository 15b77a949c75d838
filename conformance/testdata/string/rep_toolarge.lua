-- string.rep refuses results that would be too large
print(pcall(string.rep, "abc", math.maxinteger))
print(pcall(string.rep, "x", math.maxinteger // 2, "yy"))
