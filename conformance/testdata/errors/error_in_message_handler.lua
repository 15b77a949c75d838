-- checks xpcall message handlers receive the error object and can transform it
print(xpcall(function() error("raw") end, function(m) return "handled: " .. m end))
print(xpcall(function() local x = nil; return x.y end, function(m) return (m:gsub("^.-:%d+: ", "")) end))
print(xpcall(function() return "no error", 2 end, print))
print(xpcall(function() error({}) end, function(e) return type(e) end))
