-- debug.getlocal on a non-active function returns parameter names only
local function f(alpha, beta, ...) local gamma = 1 end
print(debug.getlocal(f, 1), debug.getlocal(f, 2), debug.getlocal(f, 3))
print(debug.getlocal(print, 1))
local function none() end
print(debug.getlocal(none, 1))
