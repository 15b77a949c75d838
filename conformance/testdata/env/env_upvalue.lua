-- checks globals are fields of the _ENV upvalue and _ENV == _G in the main chunk
x = 10
print(_ENV.x, _G.x, _ENV == _G)
_ENV.y = 20
print(y)
local function f() return z end
z = "set later"
print(f())
