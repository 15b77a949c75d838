-- string.format used as a method on the format string
print(("%d + %d = %d"):format(1, 2, 3))
print(("%s"):format("x"), ("%5.2f"):format(1/3))
local fmt = "%q"
print(fmt:format("a\tb"))
