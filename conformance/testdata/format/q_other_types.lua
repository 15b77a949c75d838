-- %q accepts nil and booleans but not tables or functions
print(string.format("%q %q %q", nil, true, false))
print(pcall(string.format, "%q", {}))
print(pcall(string.format, "%q", print))
print(pcall(string.format, "%q"))
print(pcall(string.format, "%10q", "x"))
print(pcall(string.format, "%-q", 1))
