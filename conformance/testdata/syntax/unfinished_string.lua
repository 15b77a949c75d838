-- checks unfinished short strings: at end of input and at a newline
print(load("x = 'abc"))
print(load('x = "abc'))
print(load("x = 'abc\ny'"))
print(load("x = \"a\\"))
print(load("x = 'a\\\n"))
