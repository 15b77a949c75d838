-- an uncaught string.format error is reported on stderr with a traceback
print(string.format("%5.2f", 1))
print(string.format("%d", 1.5))
