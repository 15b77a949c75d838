-- the main chunk receives the command-line arguments as ...
print(select('#', ...))
print(...)
local a, b = ...
print(a, b)
local t = {...}
print(#t, t[#t])
print(select(-1, ...))
