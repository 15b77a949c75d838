-- checks unfinished long strings and long comments report the right errors
print(load("x = [[abc"))
print(load("x = [==[abc]=]"))
print(load("--[[ never closed"))
print(load("--[=[ closed with wrong level ]]"))
print(load("x = [=abc"))
print(load("x = [==="))
print(load("x = [[\n\nabc"))
