-- checks load with an env table makes it the chunk's _ENV
local env = {n = 5}
local f = load("n = n * 2; return n, print", "chunk", "t", env)
print(f())
print(env.n)
local g = load("return _ENV")
print(g() == _G)
local h = load("local _ENV = ...; return x", "c", "t", {})
print(h({x = "from arg"}))
