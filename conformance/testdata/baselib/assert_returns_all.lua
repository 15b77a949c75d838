-- assert returns all of its arguments when the first one is truthy
print(assert(1, 2, 3))
print(assert(true))
print(assert(0, "unused message"))
print(assert("", nil, false))
print(select('#', assert(1, nil, nil)))
local t = {}
print(assert(t) == t)
