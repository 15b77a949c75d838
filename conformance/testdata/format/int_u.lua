-- %u is still accepted by the 5.4 reference: it prints the integer as unsigned
print(pcall(string.format, "%u", 42))
print(pcall(string.format, "%5u|%-5u|", 7, 7))
print(pcall(string.format, "%u", -1))
print(pcall(string.format, "%u", 1.5))
