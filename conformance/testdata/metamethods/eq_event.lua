-- checks __eq is only called for two tables (or two userdata) that are not primitively equal
local calls = 0
local mt = {__eq = function(a, b) calls = calls + 1; return a.id == b.id end}
local a = setmetatable({id = 1}, mt)
local b = setmetatable({id = 1}, mt)
local c = setmetatable({id = 2}, mt)
print(a == b, a ~= b, a == c, a == a, calls)
print(a == 1, a == "x", a == nil, calls)
local plain = {id = 1}
print(a == plain, plain == a, calls)
