-- the lazy '-' quantifier expands as little as possible
print(("/* a */ b /* c */"):gsub("/%*.-%*/", ""))
print(("/* a */ b /* c */"):gsub("/%*.*%*/", ""))
print(("aaa"):match("(a-)(a*)"))
print(("aaab"):match("(a-)b"))
print(("xAyBz"):match("x(.-)y(.-)z"))
print(("abc"):find("b-"))
