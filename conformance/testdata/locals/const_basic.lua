-- checks <const> locals read correctly, including constants in expressions and upvalues
local N <const> = 10
local S <const> = "str"
local F <const> = 2.5
local T <const> = {1, 2}
T[1] = 100
print(N * 2, S .. "!", F + 1, T[1])
local function f() return N + 1, S end
print(f())
local a <const>, b = 1, 2
b = 3
print(a, b)
