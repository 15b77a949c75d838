-- checks identifier forms: underscores, digits, case sensitivity, keyword-like names
local _ = 1
local _x9, X_ = 2, 3
local And, NIL, End, goto_, _ENV2 = 4, 5, 6, 7, 8
local t = {}
t["end"] = "kw-key"
t.endx = "not kw"
print(_, _x9, X_, And, NIL, End, goto_, _ENV2)
print(t["end"], t.endx)
local abc, ABC = "lower", "upper"
print(abc, ABC)
