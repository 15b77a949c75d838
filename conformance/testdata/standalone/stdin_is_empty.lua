-- the standalone reads stdin from /dev/null in the recorder: read returns nil
print(io.read("l"))
print(io.read("a"))
print(io.read("n"))
print(io.read(0))
print(io.stdin:read("L"))
