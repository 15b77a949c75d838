-- tail calls to a table with __call are also proper tail calls
local looper
looper = setmetatable({}, {__call = function(self, n, acc)
  if n == 0 then return acc end
  return looper(n - 1, acc + n)
end})
print(looper(1000000, 0))
