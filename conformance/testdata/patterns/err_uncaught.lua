-- an uncaught malformed-pattern error is reported on stderr
print(("ok"):find("o"))
print(("abc"):find("[a"))
