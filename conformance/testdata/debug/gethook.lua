-- debug.gethook returns the current hook, mask and count
print(debug.gethook())
local function h() end
debug.sethook(h, "crl", 5)
local f, mask, count = debug.gethook()
print(f == h, mask, count)
debug.sethook(h, "l")
print(select(2, debug.gethook()))
debug.sethook()
print(debug.gethook())
