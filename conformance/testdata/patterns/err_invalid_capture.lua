-- closing a capture that was never opened
print(pcall(string.find, "abc", ")"))
print(pcall(string.find, "abc", "a)"))
print(pcall(string.find, "abc", "(a))"))
print(pcall(string.gsub, "abc", "b)", "x"))
-- find without special characters does a plain search, so ')' alone is not parsed
print(pcall(string.match, "abc", ")"))
print(pcall(string.match, "abc", "a)"))
print(pcall(string.gmatch("abc", "b)")))
