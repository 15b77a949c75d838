-- gsub returns the number of matches made, including empty ones
local _, n = ("one two three"):gsub("%a+", "")
print(n)
print(select(2, ("aaa"):gsub("a*", "-")))
print(("aaa"):gsub("a*", "-"))
print(("a,b,c"):gsub(",", ", "))
print(("abc"):gsub(".", {}))
print(("hello"):gsub("l*", "X"))
