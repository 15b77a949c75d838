-- hooks and debug information while Lua metamethods run: call and return
-- events, line events on return to the instruction that called the
-- metamethod, getinfo's names and levels
local mt = {}
mt.__index = function(t, k)
  local info = debug.getinfo(1, "nSl")
  local caller = debug.getinfo(2, "l")
  return info.namewhat .. ":" .. tostring(info.name) .. "@" .. info.currentline .. "<" .. caller.currentline
end
mt.__add = function(a, b)
  return 1
end
mt.__lt = function(a, b)
  return true
end
mt.__concat = function(a, b)
  return "c"
end
local o = setmetatable({}, mt)
print(o.key)
print(select(2, pcall(function() return o.inner end)))

local events = {}
local function hook(ev, line)
  local info = debug.getinfo(2, "nS")
  if info.what == "C" then return end
  events[#events + 1] = ev .. ":" .. (line or (tostring(info.name) .. "/" .. info.linedefined))
end
local function work()
  local x = o + 1
  if o < o then
    x = x + 1
  end
  local s = o .. "z"
  return x, s
end
debug.sethook(hook, "crl")
local r1, r2 = work()
debug.sethook()
print(r1, r2)
print(table.concat(events, " "))

-- a hook set inside a metamethod stays on after it returns
local lines = {}
local H = setmetatable({}, {__index = function(t, k)
  debug.sethook(function(_, l) lines[#lines + 1] = l end, "l")
  return k
end})
local v = H.abc
local w = v .. "!"
debug.sethook()
print(w, table.concat(lines, ","))
