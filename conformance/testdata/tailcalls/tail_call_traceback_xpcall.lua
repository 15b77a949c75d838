-- debug.traceback in a message handler shows where tail calls removed frames
local function c() error("boom") end
local function b() return c() end
local function a() b(); return 1 end
local ok, tb = xpcall(a, debug.traceback)
print(ok)
print(tb)
