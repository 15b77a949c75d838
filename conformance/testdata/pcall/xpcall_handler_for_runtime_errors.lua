-- the message handler also runs for runtime errors and errors from C functions
local function h(m) return "H[" .. tostring(m) .. "]" end
print(xpcall(function() return 1 + nil end, h))
print(xpcall(function() return ("x"):rep(1, 2, 3) .. {} end, h))
print(xpcall(string.rep, h))
print(xpcall(setmetatable, h, 1))
print(xpcall(function() return #5 end, h))
