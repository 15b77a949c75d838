-- checks "variable 'x' got a non-closable value" for values without __close
print(pcall(function() local x <close> = {} end))
print(pcall(function() local y <close> = 42 end))
print(pcall(function() local z <close> = setmetatable({}, {}) end))
print(pcall(function() local w <close> = "str" end))
