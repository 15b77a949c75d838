-- debug.setupvalue replaces closure upvalues, including _ENV
local counter = 0
local function inc() counter = counter + 1; return counter end
print(inc())
print(debug.setupvalue(inc, 1, 100))
print(inc(), counter)
print(debug.setupvalue(inc, 2, 0))
local chunk = load("return tostring(someglobal)")
print(chunk())
print(debug.setupvalue(chunk, 1, {tostring = tostring, someglobal = "from new env"}))
print(chunk())
print(someglobal)
print(pcall(debug.setupvalue, print, 1, 0))
