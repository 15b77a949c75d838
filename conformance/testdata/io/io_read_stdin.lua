-- reading from stdin redirected from /dev/null gives nil
print(io.read())
print(io.read("a"))
print(io.read("n"))
print(io.read(0))
print(io.stdin:read(5))
for l in io.lines() do print("never", l) end
print("done")
