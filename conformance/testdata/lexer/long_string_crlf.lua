-- checks newline forms (\r\n, \n\r, \r) inside long strings normalise to \n
local s = [[a
b
cd

e]]
print(#s)
for i = 1, #s do io.write(s:byte(i), " ") end
print()
local t = [[
x]]
print(#t, t)
