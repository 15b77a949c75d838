-- an uncaught "invalid key to 'next'" error
local t = {a = 1}
print(next(t))
print(next(t, "a"))
local bogus = "not a key"
next(t, bogus)
