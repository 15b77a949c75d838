-- dofile propagates errors: missing files, syntax errors, runtime errors
print(pcall(dofile, "lib/nofile.lua"))
print(pcall(dofile, "lib/syntax_bad.lua"))
print(pcall(dofile, "lib/raises.lua"))
print(pcall(dofile, 42))
print(pcall(dofile, {}))
