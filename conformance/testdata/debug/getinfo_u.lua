-- getinfo "u": nups, nparams, isvararg
local up1, up2 = 1, 2
local function a(x, y) return up1 + up2 end
local function b(...) return up1 end
local function c(x, ...) end
local i = debug.getinfo(a, "u")
print(i.nups, i.nparams, i.isvararg)
i = debug.getinfo(b, "u")
print(i.nups, i.nparams, i.isvararg)
i = debug.getinfo(c, "u")
print(i.nups, i.nparams, i.isvararg)
i = debug.getinfo(print, "u")
print(i.nups, i.nparams, i.isvararg)
i = debug.getinfo(1, "u")
print(i.nups, i.nparams, i.isvararg)
