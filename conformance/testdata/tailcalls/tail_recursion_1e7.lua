-- ten million proper tail calls run in constant stack space
local function count(n, acc)
  if n == 0 then return acc end
  return count(n - 1, acc + 1)
end
print(count(1e7, 0))
print(count(10000000, 0))
