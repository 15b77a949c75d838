-- checks bitwise events __band __bor __bxor __shl __shr __bnot
local mt = {}
local function val(x) return type(x) == "table" and "T" or tostring(x) end
for _, ev in ipairs{"band", "bor", "bxor", "shl", "shr"} do
  mt["__" .. ev] = function(a, b) return ev .. "(" .. val(a) .. "," .. val(b) .. ")" end
end
mt.__bnot = function(a, b) return "bnot(" .. val(a) .. "," .. val(b) .. ")" end
local t = setmetatable({}, mt)
print(t & 1, 1 | t, t ~ t, t << 2, 3 >> t, ~t)
print(1.5 & t, "x" | t)
