-- indexing strings with non-method keys and calling missing methods
local s = "abc"
print(s.foo, s[true], s[1.5])
print(pcall(function() return s:foo() end))
print(pcall(function() s.x = 1 end))
