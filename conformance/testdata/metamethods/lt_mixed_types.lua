-- checks __lt is tried for mixed operand types (table vs number)
local mt = {__lt = function(a, b)
  local av = type(a) == "table" and a.v or a
  local bv = type(b) == "table" and b.v or b
  return av < bv
end}
local t = setmetatable({v = 5}, mt)
print(t < 10, 10 < t, 1 > t, t > 1)
print(pcall(function() return t <= 10 end))
