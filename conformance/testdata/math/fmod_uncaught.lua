-- an uncaught math.fmod zero error goes to stderr
print(math.fmod(7, 2))
print(math.fmod(7, 0))
