-- checks "x = x or default" keeps false-y replacement semantics
local function opt(v) v = v or "default"; return v end
print(opt(nil), opt(false), opt(0), opt(""), opt("given"))
local t = {}
t.count = (t.count or 0) + 1
t.count = (t.count or 0) + 1
print(t.count)
