-- Which functions implemented in C (Go here) let a Lua callback yield:
-- pairs' __pairs, pcall, xpcall, dofile and metamethods do; sort, gsub,
-- load readers, tostring, require loaders, error handlers and finalizers
-- do not.
local function try(name, f)
  local co = coroutine.wrap(function(...) return "done", f(...) end)
  local res = table.pack(pcall(co))
  local out = {}
  for i = 1, res.n do out[i] = tostring(res[i]) end
  local line = name .. ": " .. table.concat(out, " ")
  if res[1] and res[2] ~= "done" then
    local res2 = table.pack(pcall(co, "resumed"))
    for i = 1, res2.n do res2[i] = tostring(res2[i]) end
    line = line .. " | " .. table.concat(res2, " ", 1, res2.n)
  end
  print((line:gsub("table: 0x%x+", "table")))
end
local y = coroutine.yield
local t = setmetatable({}, {__pairs = function(t) y("in __pairs"); return next, {7} end})
try("__pairs", function() for k, v in pairs(t) do return v end end)
try("pcall", function() return pcall(y, "in pcall") end)
try("xpcall", function() return xpcall(y, print, "in xpcall") end)
try("xpcall handler", function() return xpcall(error, function(m) y("in handler") return m end, "E") end)
try("sort", function() local a = {3, 1, 2}; table.sort(a, function(x, z) y("in sort") return x < z end); return a[1] end)
try("gsub", function() return (string.gsub("ab", "%w", function(c) y("in gsub") return c end)) end)
try("load reader", function() local n = 0; return load(function() n = n + 1; if n == 1 then y("in reader") return "return 1" end end) end)
try("tostring", function() return tostring(setmetatable({}, {__tostring = function() y("in __tostring") return "x" end})) end)
try("__index", function() return setmetatable({}, {__index = function(_, k) y("in __index") return k end}).key end)
try("__lt", function() local m = {__lt = function() y("in __lt") return true end}; return setmetatable({}, m) < setmetatable({}, m) end)
try("__concat", function() return setmetatable({}, {__concat = function() y("in __concat") return "cat" end}) .. "x" end)
try("__call", function() return setmetatable({}, {__call = function(_, a) y("in __call") return a end})(5) end)
try("__close", function() do local x <close> = setmetatable({}, {__close = function() y("in __close") end}) end return "after" end)
try("ipairs __index", function() for i, v in ipairs(setmetatable({}, {__index = function(_, i) if i < 2 then y("in ipairs") return i end end})) do return v end end)
try("table.insert __newindex", function() table.insert(setmetatable({}, {__newindex = function() y("in insert") end}), 1) return "ok" end)
try("table.concat __index", function() return table.concat(setmetatable({}, {__index = function() y("in concat") return "a" end, __len = function() return 1 end})) end)
try("select #", function() return select("#", y("plain yield")) end)
try("string.rep", function() return string.rep(setmetatable({}, {__tostring = function() y() end}), 2) end)
try("print", function() print(setmetatable({}, {__tostring = function() y("in print") return "p" end})) end)
try("string.format", function() return string.format("%s", setmetatable({}, {__tostring = function() y("in format") return "f" end})) end)
try("dofile", function() return dofile("lib/yielder.lua") end)
try("require", function() package.preload.yieldmod = function() y("in loader") return 1 end return require("yieldmod") end)
try("__gc", function() setmetatable({}, {__gc = function() y("in __gc") end}) collectgarbage() return "gc ok" end)
try("next", function() return next({}) end)
try("__eq", function() local m = {__eq = function() y("in __eq") return true end}; return setmetatable({}, m) == setmetatable({}, m) end)
try("__len", function() return #setmetatable({}, {__len = function() y("in __len") return 3 end}) end)
try("__unm", function() return -setmetatable({}, {__unm = function() y("in __unm") return 4 end}) end)
try("__newindex", function() local p = setmetatable({}, {__newindex = function() y("in __newindex") end}); p.x = 1; return "set" end)
try("for iterator", function() for v in function(_, c) if not c then y("in iter") return 1 end end do return v end end)
