-- checks __call receives the object followed by the call arguments
local obj = setmetatable({name = "callable"}, {__call = function(self, a, b) return self.name, a, b end})
print(obj(1, 2))
print(pcall(obj, "x"))
local t = {f = obj}
print(t.f("m"))
print(select('#', obj()))
