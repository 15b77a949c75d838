-- dofile runs a file and returns all of its results
print(dofile("lib/values.lua"))
print(select('#', dofile("lib/values.lua")))
greeting = "global greeting"
print(dofile("lib/uses_env.lua"))
print(dofile("lib/uses_env.lua"))
