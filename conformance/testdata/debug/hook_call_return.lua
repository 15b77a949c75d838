-- call and return hooks report events with function names
local events = {}
local function hook(ev)
  local i = debug.getinfo(2, "nS")
  events[#events + 1] = ev .. ":" .. tostring(i.name) .. ":" .. i.what
end
local function leaf() return 1 end
local function mid() return leaf() end
local function top() local r = mid(); return r end
debug.sethook(hook, "cr")
top()
debug.sethook()
for _, e in ipairs(events) do print(e) end
