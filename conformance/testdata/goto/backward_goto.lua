-- checks a backward goto forms a loop
local n = 0
::top::
n = n + 1
if n < 5 then goto top end
print(n)
