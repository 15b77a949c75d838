print(1+1, 10//3, 2^53, "a".."b")
local t = setmetatable({}, {__index=function(t,k) return k..k end})
print(t.x)
error("boom")
