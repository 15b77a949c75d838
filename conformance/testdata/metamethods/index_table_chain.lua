-- checks __index chains through several tables and stops at raw hits
local base = {a = "base a", b = "base b", c = "base c"}
local mid = setmetatable({b = "mid b"}, {__index = base})
local top = setmetatable({c = "top c"}, {__index = mid})
print(top.a, top.b, top.c, top.d)
print(rawget(top, "a"), rawget(mid, "b"))
base.d = "added later"
print(top.d)
