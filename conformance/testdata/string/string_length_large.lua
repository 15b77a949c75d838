-- long strings built by rep and concat keep their length and content
local s = string.rep("0123456789", 10000)
print(#s, s:sub(99995, 100000), s:byte(-1))
local parts = {}
for i = 1, 1000 do parts[i] = tostring(i) end
local c = table.concat(parts)
print(#c, c:sub(1, 20), c:sub(-12))
print(s:upper() == s, s:reverse():sub(1, 10))
