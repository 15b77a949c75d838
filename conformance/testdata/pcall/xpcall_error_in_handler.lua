-- an error raised inside the message handler gives a status of false and an error-handling message
print(xpcall(function() error("first") end, function(m) error("in handler") end))
print(xpcall(function() error("first") end, function(m) local x = nil; return x.y end))
local depth = 0
print(xpcall(function() error("first") end, function(m) depth = depth + 1; error(m) end))
print(depth > 1)
