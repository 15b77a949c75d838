-- Helpers for the line-information programs: each loads a small chunk
-- under its own name and prints what a debugger would see of its lines.
local M = {}

-- hooks prints the lines a line hook reports while the chunk runs, for
-- the chunk and the functions it defines.
function M.hooks(name, src, ...)
  local f = assert(load(src, "=" .. name))
  local lines = {}
  debug.sethook(function(_, l)
    if debug.getinfo(2, "S").source == "=" .. name then
      lines[#lines + 1] = tostring(l)
    end
  end, "l")
  f(...)
  debug.sethook()
  print(name, table.concat(lines, " "))
end

-- here is called by the chunks of M.lines, directly or from a
-- metamethod: it records the current line of the nearest function of the
-- chunk on the stack ("none" when a tail call has left none).
local seen, source
function here(...)
  local line = "none"
  for level = 2, 10 do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if info.source == source then line = tostring(info.currentline) break end
  end
  seen[#seen + 1] = line
  return ...
end

-- lines prints the current lines that calls of here() record.
function M.lines(name, src, ...)
  seen, source = {}, "=" .. name
  local f = assert(load(src, "=" .. name))
  f(...)
  print(name, table.concat(seen, " "))
end

-- errors prints the message of the error the chunk raises.
function M.errors(name, src, ...)
  local f = assert(load(src, "=" .. name))
  print(name, select(2, pcall(f, ...)))
end

-- traceback is called by the chunks of M.tracebacks: it records the
-- frames of the chunk in a traceback taken there.
local frames
function traceback(...)
  local tb = debug.traceback("", 2)
  for l in tb:gmatch("[^\n]+") do
    local frame = l:match("^%s*(" .. frames.name .. ":%d+:.*)")
    if frame then frames[#frames + 1] = frame end
  end
  return ...
end

-- tracebacks prints the chunk's frames in each traceback() call.
function M.tracebacks(name, src, ...)
  frames = {name = name}
  local f = assert(load(src, "=" .. name))
  f(...)
  print(name, table.concat(frames, " | "))
end

return M
