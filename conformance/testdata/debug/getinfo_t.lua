-- getinfo "t": istailcall
local function check() return debug.getinfo(2, "t").istailcall end
local function viatail() return check() end
local function notail() local r = check(); return r end
print(notail())
local function probe() return debug.getinfo(1, "t").istailcall end
local function tailer() return probe() end
print(tailer())
print((function() local r = probe(); return r end)())
