-- only the first result of the message handler is kept; a handler returning nothing gives nil
print(xpcall(error, function(m) return "one", "two", "three" end, "e"))
print(select('#', xpcall(error, function(m) return "one", "two" end, "e")))
print(xpcall(error, function() end, "e"))
print(select('#', xpcall(error, function() end, "e")))
local t = {}
local ok, r = xpcall(error, function(m) return t end, "e")
print(ok, r == t)
print(xpcall(error, function(m) return m * 2 end, 21))
