-- checks __pairs replaces the iterator returned by pairs
local t = setmetatable({real = 1}, {__pairs = function(self)
  local i = 0
  return function(_, k)
    i = i + 1
    if i <= 3 then return i, "virtual" .. i end
  end, self, nil
end})
for k, v in pairs(t) do print(k, v) end
for k, v in next, t do print("raw", k, v) end
