-- strings share a metatable whose __index is the string table
local mt = getmetatable("")
print(type(mt), mt.__index == string)
print(getmetatable("abc") == getmetatable(""))
print(("x"):upper(), ("abc"):len(), ("abc"):rep(2))
local s = "hello world"
print(s:upper(), s:find("wor"), s:sub(1, 5))
print(#s, s:len())
print(("%d-%s"):format(5, "x"))
print(s.len == string.len, s.nonexistent)
-- a number indexed string gives nil
print(s[1], s[0], ("abc")[2])
print(pcall(function() return (5):upper() end))
