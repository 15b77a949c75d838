-- checks every arithmetic event (__add __sub __mul __div __mod __pow __unm __idiv) is called with the right operands
local mt = {}
local function wrap(v) return setmetatable({v = v}, mt) end
local function val(x) return type(x) == "table" and x.v or x end
for _, ev in ipairs{"add", "sub", "mul", "div", "mod", "pow", "idiv"} do
  mt["__" .. ev] = function(a, b) return ev .. "(" .. tostring(val(a)) .. "," .. tostring(val(b)) .. ")" end
end
mt.__unm = function(a, b) return "unm(" .. val(a) .. "," .. tostring(val(b)) .. ")" end
local x = wrap(7)
print(x + 1, 1 + x, x - 2, x * x)
print(x / 2, x % 3, x ^ 2, x // 2)
print(-x)
print("5" + x, x + "5")
