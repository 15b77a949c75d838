-- math.abs on integers and floats, including mininteger wrap-around
print(math.abs(-5), math.abs(5), math.abs(0), math.abs(-0.0), math.abs(-2.5))
print(math.type(math.abs(-5)), math.type(math.abs(-5.0)))
print(math.abs(math.mininteger), math.abs(math.maxinteger))
print(math.abs(-math.huge), math.abs("-3"), math.type(math.abs("-3")))
print(pcall(math.abs, "x"))
print(pcall(math.abs))
