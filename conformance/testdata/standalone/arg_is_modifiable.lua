-- arg is an ordinary global table that can be modified
arg[1] = "changed"
arg.extra = true
print(arg[1], arg.extra, #arg)
arg = nil
print(arg)
print(...)
