-- checks the result of __eq, __lt and __le is converted to a boolean
local mt = {
  __eq = function() return "truthy string" end,
  __lt = function() return nil end,
  __le = function() return 0 end,
}
local a, b = setmetatable({}, mt), setmetatable({}, mt)
print(a == b, a ~= b, a < b, a <= b, a > b, a >= b)
