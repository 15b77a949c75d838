-- mutually recursive functions with tail calls do not grow the stack
local is_even, is_odd
function is_even(n) if n == 0 then return true end return is_odd(n - 1) end
function is_odd(n) if n == 0 then return false end return is_even(n - 1) end
print(is_even(1000000), is_odd(1000000))
print(is_even(1000001), is_odd(1000001))
