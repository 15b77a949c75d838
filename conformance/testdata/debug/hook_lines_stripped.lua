-- A function dumped without debug information has no lines: a line hook
-- gets one event with a nil line when it is entered, and one more each
-- time it jumps back.
local function events(f, ...)
  local g = load(string.dump(f, true))
  local seen = {}
  debug.sethook(function(_, l)
    if debug.getinfo(2, "f").func == g then seen[#seen + 1] = tostring(l) end
  end, "l")
  g(...)
  debug.sethook()
  return #seen, table.concat(seen, " ")
end
print("straight", events(function(a) local b = a + 1
  local c = b * 2
  return c end, 1))
print("empty", events(function() end))
print("if", events(function(a) if a then return 1 end
  return 2 end, true))
print("loop", events(function() local s = 0 for i = 1, 3 do s = s + i end return s end))
print("while", events(function() local i = 0 while i < 2 do i = i + 1 end end))
print("vararg", events(function(...) return select("#", ...) end, 1, 2))
print("currentline", (function()
  local g = load(string.dump(function() return debug.getinfo(1, "l").currentline end, true))
  return g()
end)())
print("traceback", (load(string.dump(function() return debug.traceback("tb", 1) end, true))()))
