-- the last value returned by unpack is the next unread position
local s = string.pack("z s1 B", "abc", "de", 7)
local a, pos = string.unpack("z", s)
print(a, pos)
local b, pos2 = string.unpack("s1", s, pos)
print(b, pos2)
local c, pos3 = string.unpack("B", s, pos2)
print(c, pos3, #s)
print(select("#", string.unpack("i4i4", string.pack("i4i4", 1, 2))))
