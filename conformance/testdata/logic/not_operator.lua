-- checks not returns booleans and treats only nil/false as false
print(not nil, not false, not 0, not "", not {}, not not nil, not not 1)
print(not 1 == 2, not (1 == 2))
print(type(not 1))
