-- checks # on a string value stored in a table field and on nested table values
local t = {s = "hello", list = {1, 2, 3}, empty = {}}
print(#t.s, #t.list, #t.empty, #t)
print(#t.s + #t.list, -#t.s)
