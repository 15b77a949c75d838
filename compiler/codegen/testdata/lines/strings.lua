local a = [[
line one
line two]]
print([[
x
]], a)
local b = "abc\
def"
local c = a .. [[
y]] .. b
print(b, c)
print(a, "x\z
   y")
