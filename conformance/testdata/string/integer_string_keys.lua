-- numeric strings are not converted when used as table keys
local t = {}
t["1"] = "string"
t[1] = "integer"
t[1.0] = "float one"
print(t["1"], t[1])
print(("10"):len(), ("10") + 0 == 10, "10" == 10)
