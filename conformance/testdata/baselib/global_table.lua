-- _G is the global environment and holds itself and the base functions
print(_G._G == _G)
print(_G.print == print, _G["type"] == type)
x_global = 5
print(_G.x_global)
_G.y_global = "set via _G"
print(y_global)
print(rawget(_G, "undefined_name"))
local names = {"assert", "collectgarbage", "dofile", "error", "getmetatable", "ipairs",
  "load", "loadfile", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen",
  "rawset", "require", "select", "setmetatable", "tonumber", "tostring", "type",
  "warn", "xpcall"}
for _, n in ipairs(names) do io.write(n, ":", type(_G[n]), " ") end
print()
local libs = {"coroutine", "debug", "io", "math", "os", "package", "string", "table", "utf8"}
for _, n in ipairs(libs) do io.write(n, ":", type(_G[n]), " ") end
print()
print(_G.unpack, _G.setfenv, _G.loadstring, _G.module)
