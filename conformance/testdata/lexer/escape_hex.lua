-- checks \xXX hex escapes with upper and lower case digits
local s = "\x41\x62\x7a\x7A\x00\xff\xFF"
print(#s)
for i = 1, #s do io.write(s:byte(i), " ") end
print()
print("\x48\x65\x6c\x6c\x6f")
