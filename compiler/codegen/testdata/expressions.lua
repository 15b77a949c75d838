-- Arithmetic with immediates and constants, folding, comparisons and the
-- jumps that logical operators compile to.
local a, b = ...
local sum = a + 1 + b * 2 - 3.5
local folded = 2 ^ 10 + 7 // 2 - (1 << 4)
local kept = 1 // 0 + 0 / 0
local bits = a & 0xff | b ~ 3 >> 1
local cmp = a < b, a <= 10, a == "x", a ~= nil, 3 > b
local logic = a and b or sum
local notted = not a, not not b
local text = "n=" .. sum .. "!" .. #a
return sum, folded, kept, bits, cmp, logic, notted, text
