-- load with an env argument sets the chunk's _ENV upvalue
local env = {x = 5, print = print}
local f = load("x = x * 2; return x", "chunk", "t", env)
print(f(), env.x, x)
local g = load("return y", "c", "t", {y = "from env"})
print(g())
-- a nil env given explicitly means no globals at all
local h = load("return print", "c", "t", nil)
print(pcall(h))
local h2 = load("return tostring(1)", "c", "t", nil)
print(pcall(h2))
-- without the env argument the global table is used
print(load("return _G ~= nil")())
local e2 = setmetatable({}, {__index = _G})
load("newglobal = 1", "c", "t", e2)()
print(e2.newglobal, newglobal)
