-- numbers as replacement strings and results of table/function replacements
print(("abc"):gsub("b", 42))
print(("abc"):gsub("b", 4.5))
print(("abc"):gsub("%w", function(c) return c:byte() end))
print(("abc"):gsub("%w", {a = 1.0, b = -0.0}))
print(("a"):gsub("a", math.maxinteger))
