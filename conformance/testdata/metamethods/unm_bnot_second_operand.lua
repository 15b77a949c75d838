-- checks unary metamethods get the operand twice (second argument equals the first)
local mt = {}
mt.__unm = function(a, b) return rawequal(a, b) end
mt.__bnot = function(a, b) return rawequal(a, b) end
mt.__len = function(a, b) return rawequal(a, b) end
local t = setmetatable({}, mt)
print(-t, ~t, #t)
