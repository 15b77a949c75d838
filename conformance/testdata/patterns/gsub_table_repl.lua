-- gsub with table replacements; false/nil keep the original match
local t = {name = "Lua", version = "5.4", no = false}
print(string.gsub("$name $version $missing $no", "%$(%w+)", t))
print(string.gsub("abc", "%w", {a = 1, b = true and "B"}))
print(string.gsub("hello", ".", {h = "H", o = 0.5}))
print(string.gsub("x y", "%w", {x = 10, y = 2^63}))
local mt = setmetatable({}, {__index = function(_, k) return k:upper() end})
print(string.gsub("abc def", "%w+", mt))
print(pcall(string.gsub, "abc", "%w", {a = {}}))
print(pcall(string.gsub, "abc", "%w", {a = true}))
print(string.gsub("abc", "(a)(b)", {a = "first"}))
