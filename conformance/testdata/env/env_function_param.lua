-- checks _ENV can be a function parameter so globals come from the argument
local function run(_ENV) return a + b end
print(run({a = 1, b = 2}), run({a = 10, b = 20}))
local function set(_ENV, v) value = v end
local t = {}
set(t, 42)
print(t.value, rawget(_G, "value"))
