-- assert failure messages: default text, string message, non-string error objects
print(pcall(assert, false))
print(pcall(assert, nil))
print(pcall(assert, false, "custom message"))
print(pcall(assert, nil, 42))
print(pcall(assert, false, 1.5))
local obj = {code = 7}
local ok, e = pcall(assert, false, obj)
print(ok, e == obj, e.code)
local ok2, e2 = pcall(assert, false, nil)
print(ok2, e2)
-- a string message does not get position information added
print(pcall(function() assert(false, "no position") end))
print(pcall(function() assert(false) end))
