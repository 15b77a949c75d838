-- checks proper tail calls: 5,000,000 tail-recursive calls run without stack overflow
local function loop(n, acc)
  if n == 0 then return acc end
  return loop(n - 1, acc + 1)
end
print(loop(5000000, 0))
local even, odd
function even(n) if n == 0 then return true end return odd(n - 1) end
function odd(n) if n == 0 then return false end return even(n - 1) end
print(even(1000001), odd(1000001))
