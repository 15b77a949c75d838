-- an open capture at the end of a successful match is unfinished
print(pcall(string.find, "abc", "("))
print(pcall(string.find, "abc", "(a"))
print(pcall(string.match, "abc", "((a)"))
print(pcall(string.find, "abc", "x("))
print(pcall(string.find, "abc", "()("))
