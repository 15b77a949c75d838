-- checks a:b(...) passes a as self, and method definitions with function t:m()
local obj = {name = "obj"}
function obj:greet(greeting) return greeting .. ", " .. self.name end
function obj.static(x) return x end
print(obj:greet("hi"), obj.greet(obj, "hello"), obj.static(5))
local s = "text"
print(s:upper(), ("x"):rep(3), s:sub(2, 3))
local calls = 0
local function getobj() calls = calls + 1; return obj end
print(getobj():greet("once"), calls)
local nested = {inner = {v = 3, get = function(self) return self.v end}}
print(nested.inner:get())
