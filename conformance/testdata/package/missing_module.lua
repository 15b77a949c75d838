-- the error message for a missing module lists every path tried
print(pcall(require, "nosuchmodule"))
print(pcall(require, "no.such.sub"))
