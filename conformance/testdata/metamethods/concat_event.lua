-- checks __concat with a table on either side and with numbers (two operands per concatenation)
local mt = {__concat = function(a, b)
  local l = type(a) == "table" and "T" or type(a)
  local r = type(b) == "table" and "T" or type(b)
  return l .. ".." .. r
end}
local t = setmetatable({}, mt)
print(t .. "s")
print("s" .. t)
print(1 .. t)
print(t .. 2.5)
print(t .. t)
print(pcall(function() return {} .. t end))
