-- tostring of every basic type (addresses stripped for reference types)
print(tostring(nil), tostring(true), tostring(false))
print(tostring(1), tostring(-1), tostring(0))
print(tostring("str"), tostring(""))
local function kind(v) return (tostring(v):gsub(": .*$", ": <addr>")) end
print(kind({}))
print(kind(print))
print(kind(function() end))
print(kind(coroutine.create(print)))
print((tostring(io.stdout):gsub("%(.*%)", "(<addr>)")))
print(type(tostring({})))
print(pcall(tostring))
print(tostring(nil) == "nil")
-- tostring of a table is stable for the same table and differs between tables
local a, b = {}, {}
print(tostring(a) == tostring(a), tostring(a) == tostring(b))
