-- return (f(x)) and return f(x) + 0 are not tail calls, so deep recursion overflows
local function paren(n) if n == 0 then return 0 end return (paren(n - 1)) end
local function plus(n) if n == 0 then return 0 end return plus(n - 1) + 0 end
local function tail(n) if n == 0 then return 0 end return tail(n - 1) end
print(pcall(tail, 1e7))
local ok1, e1 = pcall(paren, 1e7)
print(ok1, (tostring(e1):gsub("%d+", "N")))
local ok2, e2 = pcall(plus, 1e7)
print(ok2, (tostring(e2):gsub("%d+", "N")))
print(paren(100), plus(100))
