-- checks only the last expression in a constructor expands to all its results
local function three() return 1, 2, 3 end
local function none() end
local t = {three(), three()}
print(#t, t[1], t[2], t[3], t[4])
local u = {three(), (three())}
print(#u)
local v = {none(), none()}
print(#v, v[1])
local w = {three(), x = 1}
print(#w)
local function va(...) return {...}, {..., "end"} end
local a, b = va(1, 2, 3)
print(#a, #b, b[2])
