-- checks string keys are never converted to number keys
local t = {}
t["1"] = "string one"
t[1] = "integer one"
print(t["1"], t[1], t[1.0])
t["0x10"] = "hex string"
print(t[16], t["0x10"])
