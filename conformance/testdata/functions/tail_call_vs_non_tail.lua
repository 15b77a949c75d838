-- checks that (f(x)) and f(x) + 0 are not tail calls: deep non-tail recursion overflows
local function tail(n) if n == 0 then return "done" end return tail(n - 1) end
print(tail(300000))
local function nontail(n) if n == 0 then return 0 end return (nontail(n - 1)) end
local ok, err = pcall(nontail, 1000000)
print(ok, (string.gsub(tostring(err), "^.-:%d+: ", "")))
