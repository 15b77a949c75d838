local f = function(a,
  b,
  ...)
  return a
end
local function g(
  ...
)
  local x = ...
  return x
end
local t = {}
function t.m(
  self)
end
function t:n(a,
  ...)
  return self, ...
end
return f, g, t
