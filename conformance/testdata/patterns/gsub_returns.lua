-- gsub always returns a string and a count; number subjects are converted
print(string.gsub(12321, "2", "x"))
print(math.type(select(2, string.gsub("aaa", "a", "b"))))
print(string.gsub("abc", "z", "y"))
print(type((string.gsub("abc", "z", "y"))))
print(string.gsub("abc", ".", "%0", 1))
print(string.gsub("a.b", "%.", 1.5))
