-- math.deg and math.rad convert between degrees and radians
print(math.deg(math.pi), math.rad(180), math.deg(0), math.rad(0))
print(string.format("%.17g %.17g", math.deg(1), math.rad(1)))
print(math.type(math.deg(1)), math.deg(-math.pi / 2), math.rad(-90))
print(math.deg(math.huge), pcall(math.rad))
