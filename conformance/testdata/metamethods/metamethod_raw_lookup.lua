-- checks metamethods are fetched raw from the metatable (an __index on the metatable is ignored)
local proto = {__add = function() return "from proto" end}
local mt = setmetatable({}, {__index = proto})
local t = setmetatable({}, mt)
print(pcall(function() return t + 1 end))
mt.__add = proto.__add
print(t + 1)
