-- checks _ENV.x and x are the same access and _ENV itself is not a global
local t = {x = 1}
local function f(_ENV) x = x + 1; _ENV.x = _ENV.x * 10; return x end
print(f(t), t.x)
print(rawget(_G, "_ENV"), _G._ENV)
