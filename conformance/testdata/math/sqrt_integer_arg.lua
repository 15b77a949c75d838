-- math functions convert integer arguments to floats
print(math.sqrt(4), math.exp(0), math.sin(0), math.cos(0), math.log(1))
print(math.type(math.sqrt(4)), math.type(math.log(1)))
print(math.sqrt("9"), pcall(math.sqrt, "nine"))
