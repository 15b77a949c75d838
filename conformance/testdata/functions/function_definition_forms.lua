-- checks function statement forms: global, field, nested field, method, local
function gf() return "global" end
local t = {a = {b = {}}}
function t.f() return "field" end
function t.a.b.g() return "nested" end
function t.a.b:m() return self == t.a.b end
local function lf() return "local" end
print(gf(), t.f(), t.a.b.g(), t.a.b:m(), lf())
print(type(gf), rawget(_G, "lf"))
