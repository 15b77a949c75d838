-- gsub with function replacements: captures as args, false/nil keep the match
print(string.gsub("hello world", "%w+", function(w) return w:upper() end))
print(string.gsub("1 2 3", "%d", function(d) return d * 2 end))
print(string.gsub("a b c", "%a", function(c) if c == "b" then return nil end return "[" .. c .. "]" end))
print(string.gsub("a b c", "%a", function() return false end))
print(string.gsub("k1=v1 k2=v2", "(%w+)=(%w+)", function(k, v) return v .. "=" .. k end))
print(string.gsub("abc", "()", function(p) return p end))
print(pcall(string.gsub, "abc", "%w", function() return {} end))
local calls = 0
print(string.gsub("aaa", "a", function() calls = calls + 1 end), calls)
print(pcall(string.gsub, "abc", "%w", function() error("inner") end))
