-- math.floor/ceil of integers return them unchanged; of strings convert
print(math.floor(5), math.ceil(-5), math.type(math.floor(5)))
print(math.floor(math.maxinteger), math.ceil(math.mininteger))
print(math.floor("10"), math.type(math.floor("10")), math.floor("10.5"), math.type(math.floor("10.5")))
print(math.floor(-3.5), math.ceil(-3.5), math.floor(3.5), math.ceil(3.5))
