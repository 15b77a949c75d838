-- uncaught error from arithmetic on a non-numeric string goes to stderr
local s = "ten"
print("before")
local x = s + 1
print("not reached", x)
