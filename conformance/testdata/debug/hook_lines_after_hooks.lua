-- The line events that follow another hook's run: a line hook that
-- fires at a comparison whose jump is taken, a count hook beside a line
-- hook (each count event is followed by the line event of the same
-- instruction), and call and return hooks beside line hooks.
local src = [[
local a, c = 1, 2
local z = a < c
 or
 a < c
local w = a > c
 or
 a < c
local function f(x)
  if x then
    return x
  end
  return 0
end
f(z)
f(nil)
for i = 1, 2 do
  w = w and i
end
return z, w
]]

local function trace(label, mask, count)
  local f = assert(load(src, "=chunk"))
  local seen = {}
  debug.sethook(function(ev, line)
    local info = debug.getinfo(2, "S")
    if info.source ~= "=chunk" then return end
    if ev == "line" then
      seen[#seen + 1] = tostring(line)
    else
      seen[#seen + 1] = ev == "count" and "#" or ev:sub(1, 1)
    end
  end, mask, count)
  f()
  debug.sethook()
  print(label, table.concat(seen, " "))
end

trace("lines", "l")
trace("lines and count 1", "l", 1)
trace("lines and count 2", "l", 2)
trace("lines and count 3", "l", 3)
trace("count 1 alone", "", 1)
trace("calls and lines", "cl")
trace("returns and lines", "rl")
trace("everything", "crl", 1)

-- A Go function as the hook (print writes the event and line).
local f = assert(load("local x = 1\nlocal y = x\n or\n x\nreturn y", "=gofn"))
debug.sethook(print, "l", 1)
f()
debug.sethook()
