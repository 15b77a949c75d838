-- checks __newindex as a table redirects the store and as a function intercepts it; existing keys are raw
local store = {}
local t = setmetatable({existing = 1}, {__newindex = store})
t.new = "redirected"
t.existing = 2
print(rawget(t, "new"), store.new, t.existing)
local log = {}
local u = setmetatable({}, {__newindex = function(tbl, k, v) log[#log + 1] = k .. "=" .. v; rawset(tbl, k, v .. "!") end})
u.a = "x"
u.a = "y"
print(u.a, table.concat(log, " "))
