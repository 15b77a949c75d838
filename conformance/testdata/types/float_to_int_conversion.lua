-- checks math.tointeger and float-to-integer conversions for exact and inexact values
print(math.tointeger(3.0), math.tointeger(3.5), math.tointeger(-0.0))
print(math.tointeger("8"), math.tointeger(1/0), math.tointeger(0/0))
print(3.0 | 0, pcall(function() return 3.5 | 0 end))
print(("abc"):sub(2.0, 3.0))
print(pcall(string.sub, "abc", 1.5))
print(string.rep("a", 3.0))
