-- malformed pattern ending with '%'
print(pcall(string.find, "abc", "%"))
print(pcall(string.match, "abc", "a%"))
print(pcall(string.gsub, "abc", "abc%", ""))
print(pcall(function() for _ in ("abc"):gmatch("%") do end end))
print(pcall(string.find, "abc", "[a%"))
