-- method-style calls shift argument numbers and report "calling 'x' on bad self"
local obj = {status = coroutine.status, resume = coroutine.resume, close = coroutine.close}
print(pcall(function() return obj:status() end))
print(pcall(function() return obj:resume() end))
print(pcall(function() return obj:close() end))
local wrapper = {setmt = setmetatable, len = rawlen, sel = select}
print(pcall(function() return wrapper:setmt(1) end))
print(pcall(function() return wrapper:len() end))
print(pcall(function() return wrapper:sel() end))
local num = {tonum = tonumber}
print(pcall(function() return num:tonum(100) end))
