-- method-style calls report later arguments with numbers reduced by one
local co = coroutine.create(function() end)
local obj = setmetatable({}, {__index = {setmt = setmetatable, tonum = tonumber, rget = rawget}})
print(pcall(function() return obj:setmt(5) end))
print(pcall(function() return obj.setmt(obj, 5) end))
print(pcall(function() return obj:rget() end))
local s = {tonum = tonumber}
print(pcall(function() return s.tonum("10", 1) end))
print(pcall(function() return s:tonum(1) end))
