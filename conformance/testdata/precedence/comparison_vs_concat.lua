-- checks .. groups before comparison and arithmetic groups before ..
print("a" .. "b" == "ab", 1 .. 2 == "12")
print(1 + 1 .. "" == "2", "3" .. 1 * 2)
print(pcall(function() return "a" < "b" .. nil end))
