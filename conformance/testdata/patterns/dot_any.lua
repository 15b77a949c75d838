-- '.' matches any byte including newline and zero
print(("a\nb"):match("a.b") == "a\nb", ("a\0b"):match("a.b") == "a\0b")
print(#("abc\n\0\255"):gsub(".", "x"))
print(("xyz"):match("..$"), ("xyz"):match("^..."))
print(("ab"):match("...") )
