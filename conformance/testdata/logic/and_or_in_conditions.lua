-- checks and/or evaluate operands exactly once inside if/while conditions
local n = 0
local function tick(v) n = n + 1; return v end
if tick(false) or tick(nil) or tick(1) then print("taken", n) end
n = 0
while tick(true) and tick(n < 4) do end
print(n)
