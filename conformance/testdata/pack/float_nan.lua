-- nan survives a pack/unpack round trip
local x = string.unpack("d", string.pack("d", 0/0))
print(x ~= x)
local y = string.unpack("f", string.pack("f", 0/0))
print(y ~= y)
