-- an uncaught pack error goes to stderr
print(string.packsize("i4"))
print(string.pack("i1", 1000))
