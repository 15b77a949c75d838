-- io.input/io.output with a missing file raise errors
print(pcall(io.input, "nofile.txt"))
print(pcall(io.output, "no/such/dir/x"))
print(pcall(io.input, 42))
