-- Closures and upvalues (shared, nested, in a loop), varargs, tail calls,
-- recursion through a local function.
local counter = 0
local function bump(by)
  counter = counter + (by or 1)
  return counter
end
local function outer()
  local x = 1
  return function()
    x = x + counter
    return function() return x end
  end
end
local fns = {}
for i = 1, 3 do fns[i] = function() return i + counter end end
local function count(...)
  local n = select("#", ...)
  local first, second = ...
  return n, first, second, ...
end
local function fact(n, acc)
  if n <= 1 then return acc end
  return fact(n - 1, acc * n)
end
return bump(2), outer()()(), fns[2](), count(1, nil, 3), fact(10, 1)
