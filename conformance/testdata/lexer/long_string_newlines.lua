-- checks that the first newline of a long string is skipped and internal newlines are kept
local s = [[
line1
line2
]]
print(#s)
io.write(s)
local t = [[

two]]
print(#t, t:byte(1))
