-- assert with no arguments is a bad-argument error (not "assertion failed!")
print(pcall(assert))
print(pcall(function() return assert() end))
-- an explicit nil is a value, so this is an ordinary assertion failure
print(pcall(assert, nil))
print(pcall(function() local t = {}; return assert(table.unpack(t)) end))
