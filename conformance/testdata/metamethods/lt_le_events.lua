-- checks __lt and __le for tables, including swapped operands for > and >=
local log = {}
local mt = {
  __lt = function(a, b) log[#log + 1] = "lt(" .. a.v .. "," .. b.v .. ")"; return a.v < b.v end,
  __le = function(a, b) log[#log + 1] = "le(" .. a.v .. "," .. b.v .. ")"; return a.v <= b.v end,
}
local x, y = setmetatable({v = 1}, mt), setmetatable({v = 2}, mt)
print(x < y, x > y, x <= y, x >= y)
print(table.concat(log, " "))
