-- checks .. on strings, empty strings and embedded zeros
print("a" .. "b" .. "c", "" .. "", #("a\0" .. "\0b"))
local s = ""
for i = 1, 10 do s = s .. i end
print(s, #s)
print(("ab"):rep(3) .. "!")
