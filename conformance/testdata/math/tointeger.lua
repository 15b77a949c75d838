-- math.tointeger converts floats with integral values; other values give nil
print(math.tointeger(3.0), math.tointeger(3.5), math.tointeger(3))
print(math.tointeger(-0.0), math.tointeger(2^63), math.tointeger(-2^63))
print(math.tointeger(math.huge), math.tointeger(0/0))
print(math.tointeger("8"), math.tointeger("8.0"), math.tointeger("x"))
print(math.tointeger({}), math.tointeger(nil), math.tointeger(true))
print(pcall(math.tointeger))
