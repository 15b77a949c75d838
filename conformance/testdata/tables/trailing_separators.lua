-- checks constructors accept a trailing , or ; and ; as a field separator
local t = {1, 2, 3,}
local u = {1; 2; 3;}
local v = {x = 1; y = 2, 3}
print(#t, #u, v.x, v.y, v[1])
print(load("return {,}"))
print(load("return {1,,}"))
print(#{}, load("return {;}"))
