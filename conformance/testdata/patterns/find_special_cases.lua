-- find with patterns that look plain but are not, and long subjects
print(("a+b"):find("a+b"))
print(("aab"):find("a+b"))
print(("hello.lua"):find(".lua"), ("helloxlua"):find(".lua"))
print(("hello.lua"):find(".lua", 1, true), ("helloxlua"):find(".lua", 1, true))
local big = string.rep("ab", 5000) .. "needle" .. string.rep("ba", 5000)
print(big:find("needle"), big:find("needle", 1, true), big:find("ne+dle"))
print(big:find("needle", 10002), big:find("needle", 10003))
