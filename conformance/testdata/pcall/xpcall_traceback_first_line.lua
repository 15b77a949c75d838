-- a traceback from a runtime error: message line and header are stable
local function compute(t) return t.value * 2 end
local ok, tb = xpcall(compute, debug.traceback, nil)
local lines = {}
for line in tb:gmatch("[^\n]+") do lines[#lines + 1] = line end
print(ok)
print(lines[1])
print(lines[2])
print(lines[3])
