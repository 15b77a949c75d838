-- %f must be followed by a set
print(pcall(string.find, "abc", "%f"))
print(pcall(string.find, "abc", "%fx"))
print(pcall(string.find, "abc", "%f(a)"))
print(pcall(string.match, "abc", "%f[a"))
