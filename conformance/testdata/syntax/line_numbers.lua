-- checks line numbers in syntax errors across various newline styles
print(load("\n\n\nx = = 1"))
print(load("\r\n\r\nx = = 1"))
print(load("\r\rx = = 1"))
print(load("--[[\n\n]]x = = 1"))
print(load("s = [[\n\n\n]] x = = 1"))
print(load("s = 'a\\\nb' x = = 1"))
