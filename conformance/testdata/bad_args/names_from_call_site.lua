-- inside Lua code the reported name comes from how the function was called
print(pcall(function() setmetatable(1, nil) end))
print(pcall(function() coroutine.resume(1) end))
print(pcall(function() local r = coroutine.resume; r(1) end))
print(pcall(function() local t = {fn = rawlen}; t.fn(1) end))
print(pcall(function() local t = {fn = rawlen}; t["fn"](1) end))
alias_select = select
print(pcall(function() alias_select(0) end))
print(pcall(function() local co = coroutine; co.status(1) end))
