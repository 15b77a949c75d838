-- checks expressions of constants give the same results as computed at run time
local function run(a, b) return a // b, a % b, a / b, a ^ b end
print(7 // 2, 7 % 2, 7 / 2, 7 ^ 2)
print(run(7, 2))
print(-7 // 2.0, -7 % 2.0)
print(run(-7, 2.0))
print(pcall(load("return 1 // 0")))
print(pcall(load("return 1 % 0")))
print(2^63 // 1, math.type(2^63 // 1))
