-- the arg table holds the script name at 0 and command-line arguments at 1..n
print(arg[0])
print(#arg)
for i = 1, #arg do print(i, arg[i], type(arg[i])) end
print(arg[#arg + 1])
