-- debug.upvalueid identifies shared upvalues
local shared = 1
local other = 2
local function a() return shared end
local function b() return shared, other end
print(debug.upvalueid(a, 1) == debug.upvalueid(b, 1))
print(debug.upvalueid(a, 1) == debug.upvalueid(b, 2))
print(type(debug.upvalueid(a, 1)))
print(pcall(debug.upvalueid, a, 5))
print(pcall(debug.upvalueid, print, 1))
local function mk() local v = 0; return function() return v end end
local c1, c2 = mk(), mk()
print(debug.upvalueid(c1, 1) == debug.upvalueid(c2, 1))
