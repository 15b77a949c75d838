-- checks __newindex chains through tables that themselves have __newindex
local final = {}
local mid = setmetatable({}, {__newindex = final})
local top = setmetatable({}, {__newindex = mid})
top.k = "v"
print(rawget(top, "k"), rawget(mid, "k"), final.k)
