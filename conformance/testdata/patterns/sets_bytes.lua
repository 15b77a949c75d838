-- sets with high bytes and zero bytes
local s = "a\0b\200c\255"
print(s:find("[\0]"), s:find("[\200-\255]"), s:find("[^%z\1-\127]"))
print(s:gsub("[\128-\255]", "?"))
print(("\0\0x"):match("^%z*()"))
print(#("\0abc\0"):gsub("%Z", ""))
