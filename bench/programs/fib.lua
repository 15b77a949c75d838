-- fib: recursive Lua-to-Lua calls with one argument and one result.
-- Measures call and return overhead, the comparison and the integer
-- arithmetic on a small frame. Checksum: fib(n).
-- bench: quick=20
local n = tonumber(arg and arg[1]) or 36

local function fib(k)
  if k < 2 then
    return k
  end
  return fib(k - 1) + fib(k - 2)
end

print(string.format("fib(%d) = %d", n, fib(n)))
