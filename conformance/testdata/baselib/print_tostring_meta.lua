-- print and tostring use the __tostring metamethod
local P = setmetatable({x = 1, y = 2}, {__tostring = function(p)
  return "(" .. p.x .. ", " .. p.y .. ")"
end})
print(P)
print("point:", P, "end")
print(tostring(P))
local calls = 0
local C = setmetatable({}, {__tostring = function() calls = calls + 1; return "C" end})
print(C, C, C)
print("calls", calls)
-- __tostring may return a string that is empty
print(setmetatable({}, {__tostring = function() return "" end}), "|")
-- __tostring receives the object itself
local self_check = setmetatable({}, {__tostring = function(o) return tostring(rawequal(o, o)) end})
print(self_check)
