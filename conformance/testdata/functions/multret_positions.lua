-- checks multiple results are adjusted in every position: args, returns, tables, assignment
local function mr() return 1, 2, 3 end
print(mr(), mr())
print((mr()))
print(mr(), "x")
print("x", mr())
local t = {mr(), mr(), mr()}
print(#t)
local function pass() return mr() end
print(pass())
local function wrap() return (mr()) end
print(wrap())
local a, b, c, d = mr()
print(a, b, c, d)
print(#{mr(), nil}, select('#', mr(), nil))
print(string.format("%d %d %d", mr()))
