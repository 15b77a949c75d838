-- debug.upvaluejoin makes a closure refer to another closure's upvalue
local x, y = "x", "y"
local function fx() return x end
local function fy() return y end
debug.upvaluejoin(fx, 1, fy, 1)
print(fx(), fy())
y = "new y"
print(fx())
print(debug.upvalueid(fx, 1) == debug.upvalueid(fy, 1))
print(pcall(debug.upvaluejoin, fx, 2, fy, 1))
print(pcall(debug.upvaluejoin, print, 1, fy, 1))
