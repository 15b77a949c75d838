-- checks "number has no integer representation" for non-integral or out-of-range floats
print(pcall(function() return 1.5 & 1 end))
print(pcall(function() local x = 2^63; return x | 0 end))
print(pcall(function() return 1 << 0.5 end))
print(pcall(function() local f = 1/0; return ~f end))
print(pcall(function() local n = 0/0; return n >> 1 end))
print(pcall(function() local t = {v = 3.25}; return t.v ~ 1 end))
