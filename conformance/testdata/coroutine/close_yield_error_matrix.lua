-- Errors, yields and __close together: an error value survives __close
-- methods that yield while it unwinds, in pcall and xpcall, and closing
-- that cannot yield says so.
local function show(...)
  local t = table.pack(...)
  for i = 1, t.n do t[i] = tostring(t[i]) end
  return (table.concat(t, " "):gsub("table: 0x%x+", "table"))
end
local function drive(name, f)
  local co = coroutine.create(f)
  local steps = {}
  local args = {}
  for _ = 1, 10 do
    local r = table.pack(coroutine.resume(co, table.unpack(args)))
    steps[#steps + 1] = show(table.unpack(r, 1, r.n))
    if coroutine.status(co) == "dead" then break end
    args = {"r" .. #steps}
  end
  print(name .. ": " .. table.concat(steps, " | "))
end
local function closer(tag, err)
  return setmetatable({}, {__close = function(_, e)
    local got = coroutine.yield(tag, e)
    if err then error(err, 0) end
  end})
end
drive("issue", function() return pcall(function() local x <close> = closer("c"); error("E", 0) end) end)
drive("table error", function() local E = {} return pcall(function() local x <close> = closer("c"); error(E) end) == false end)
drive("two closers", function() return pcall(function() local a <close> = closer("a"); local b <close> = closer("b"); error("E2", 0) end) end)
drive("closer errors", function() return pcall(function() local a <close> = closer("a"); local b <close> = closer("b", "from b"); error("E3", 0) end) end)
drive("both error", function() return pcall(function() local a <close> = closer("a", "from a"); local b <close> = closer("b", "from b"); error("E4", 0) end) end)
drive("xpcall", function() return xpcall(function() local x <close> = closer("c"); error("E5", 0) end, function(m) return "handled " .. m end) end)
drive("nested", function() return pcall(function() local x <close> = closer("outer"); local ok, e = pcall(function() local y <close> = closer("inner"); error("in", 0) end); error(e .. "+out", 0) end) end)
drive("no error", function() return pcall(function() local x <close> = closer("c"); return "fine" end) end)
drive("nil error", function() return pcall(function() local x <close> = closer("c"); error(nil) end) end)
drive("error in plain block", function() local ok, e = pcall(function() do local x <close> = closer("c", "close err") end return "unreached" end) return ok, e end)
drive("uncaught", function() local x <close> = closer("c"); error("dies", 0) end)
drive("runtime error", function() return pcall(function() local x <close> = closer("c"); return nil + 1 end) end)
do
  local co = coroutine.create(function() local x <close> = closer("cc"); coroutine.yield("suspended") end)
  print("close", show(coroutine.resume(co)))
  print("close", show(coroutine.close(co)))
  print("close", coroutine.status(co))
end
do
  local f = coroutine.wrap(function() local x <close> = setmetatable({}, {__close = function(_, e) print("wrap closing with", e) end}); coroutine.yield(1); error("wrapped", 0) end)
  print("wrap", f())
  print("wrap", pcall(f))
end
do
  local f = coroutine.wrap(function() local x <close> = closer("w"); error("wrapped2", 0) end)
  print("wrap yield", pcall(f))
end
