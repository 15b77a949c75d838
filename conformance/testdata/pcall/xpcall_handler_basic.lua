-- xpcall calls the message handler with the error value and returns its result
local function handler(m) return "handled<" .. tostring(m) .. ">" end
print(xpcall(function() error("oops") end, handler))
print(xpcall(function() error("no pos", 0) end, handler))
print(xpcall(function() error({}) end, function(m) return type(m) end))
print(xpcall(function() error() end, handler))
print(xpcall(function() local x = nil; return x.y end, handler))
print(xpcall(function() return "fine", 2 end, handler))
local calls = 0
xpcall(function() return 1 end, function() calls = calls + 1 end)
print("handler calls on success:", calls)
