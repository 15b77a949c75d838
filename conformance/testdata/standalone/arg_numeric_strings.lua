-- command-line arguments are always strings, even when they look like numbers
for i = 1, #arg do
  print(i, arg[i], type(arg[i]), math.type(arg[i]), tonumber(arg[i]))
end
print(arg[1] + arg[2], math.type(arg[1] + arg[2]))
print(arg[1] .. arg[2])
