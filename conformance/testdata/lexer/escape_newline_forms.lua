-- checks backslash followed by \r\n / \n\r / \r inside a short string becomes one \n
local a = "x\
y"
local b = "x\
y"
local c = "x\y"
print(#a, #b, #c)
print(a:byte(2), b:byte(2), c:byte(2))
