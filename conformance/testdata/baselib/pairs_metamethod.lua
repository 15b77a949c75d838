-- pairs honours __pairs and uses its three results
local log = {}
local obj = setmetatable({}, {__pairs = function(self)
  log[#log + 1] = "pairs called"
  local i = 0
  return function(_, k)
    i = i + 1
    if i <= 3 then return i, "v" .. i end
  end, self, nil
end})
for k, v in pairs(obj) do print(k, v) end
print(log[1], #log)
-- __pairs returning extra results: only three are used
local obj2 = setmetatable({}, {__pairs = function(t)
  return next, {a = 1}, nil, "extra"
end})
for k, v in pairs(obj2) do print(k, v) end
print(select('#', pairs(obj2)))
-- a table that is its own metatable with __pairs
local self = {}
self.__pairs = function() return function() return nil end, nil, nil end
setmetatable(self, self)
for k in pairs(self) do print("never", k) end
print("done")
