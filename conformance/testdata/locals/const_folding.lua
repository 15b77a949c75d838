-- checks visible results of folded constant expressions built from <const> locals
local A <const> = 7
local B <const> = 2
print(A // B, A % B, A / B, A ^ B, A << B, A & B, -A, ~A)
local K <const> = A * 1.0
print(K, math.type(K))
local Z <const> = 0
print(pcall(function() return A // Z end))
print(pcall(function() return A % Z end))
local H <const> = 1 // 0.0
print(H, -H)
local STR <const> = "ab" .. "cd"
print(STR, #STR)
