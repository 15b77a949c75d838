-- checks arithmetic on non-numeric strings raises errors naming the value
print(pcall(function() return "abc" + 1 end))
print(pcall(function() local s = "x"; return s * 2 end))
print(pcall(function() return 1 - "1 2" end))
print(pcall(function() return "" + 0 end))
print(pcall(function() local t = {s = "z"}; return t.s / 1 end))
print(pcall(function() return "10" + {} end))
print(pcall(function() return 2 ^ "a" end))
