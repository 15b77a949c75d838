-- patterns and subjects may contain zero bytes
local s = "a\0b\0c"
print(s:find("\0"), s:find("b\0"), s:find("%z"))
print(select(2, s:gsub("\0", "")))
print(#s:match("a.b"))
local p = "[\0]"
print(s:find(p))
print(("x\0y"):match("(.)%z(.)"))
