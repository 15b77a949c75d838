local f = function(a,
  b)
  return a
end
local g = function(...)
  return select('#',
    ...)
end
print(f, function() end,
  function()
  end)
local t = {
  m = function() end,
  function()
  end
}
print(f(1,
  2), g(t))
