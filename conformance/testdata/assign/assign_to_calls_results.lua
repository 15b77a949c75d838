-- checks assignment targets may be indexed call results and nested tables
local store = {}
local function get() return store end
get().a = 1
get()["b"] = 2
local t = {inner = {}}
t.inner.x, t.inner.y = "x", "y"
print(store.a, store.b, t.inner.x, t.inner.y)
