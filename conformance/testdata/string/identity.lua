-- What a program can see of object identity: equal short strings are one
-- object, equal long string constants of one chunk are one constant, and
-- debug.upvalueid gives a light userdata.
local function p(x) return string.format("%p", x) end
print(p(string.rep("ab", 3)) == p("ababa" .. "b"))
local s40 = string.rep("x", 40)
print(p(s40) == p(string.rep("x", 39) .. "x"), p("") == p(string.sub("abc", 1, 0)))
local s41a, s41b = string.rep("y", 41), string.rep("y", 41)
print(p(s41a) == p(s41b), p(s41a) == p(s41a))
local t = {}
for i = 1, 3 do t[i] = p(tostring(i * 11)) end
print(t[1] == p("11"), t[2] == p("22"), t[1] ~= t[2])
local long1 = "this is a long string constant, longer than forty bytes"
local function f() return "this is a long string constant, longer than forty bytes" end
print(p(long1) == p(f()), p(long1) == p(load("return 'this is a long string constant, longer than forty bytes'")()))
print(p(long1) == p(long1 .. ""), p(1) , p(true), p(nil))

local function counter() local n = 0; return function() n = n + 1; return n end, function() return n end end
local inc, get = counter()
local id1, id2 = debug.upvalueid(inc, 1), debug.upvalueid(get, 1)
print(type(id1), id1 == id2, id1 == debug.upvalueid(inc, 1), math.type(id1))
print(pcall(debug.setuservalue, id1, 1))
print(debug.getuservalue(id1), debug.getuservalue(id1, 2))
print(pcall(io.close, id1))
print(pcall(string.rep, id1))
print(getmetatable(id1), tostring(id1):match("^userdata: ") ~= nil)
local weak = setmetatable({}, {__mode = "k"})
weak[id1] = true
collectgarbage()
print(weak[id1], next(weak) == id1)
local mt = {__index = function(_, k) return "light " .. k end, __name = "LightThing"}
debug.setmetatable(id1, mt)
print(getmetatable(id2) == mt, id2.field, pcall(debug.setuservalue, id2, 1))
print(pcall(function() return id1 + 1 end))
debug.setmetatable(id1, nil)
print(pcall(function() return id1.x end))
print(pcall(function() return #id1 end))
local other = debug.upvalueid(counter(), 1)
print(other ~= id1, rawequal(id1, id2))
print(debug.upvalueid(print, 1), pcall(debug.upvalueid, inc, 2))
