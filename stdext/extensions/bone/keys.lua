-- bone's KeyEvent, decoded from the raw bytes a terminal sends for one
-- key (what a panto component's handleInput receives).
local M = {}

local SEQUENCES = {
  ["\r"] = "enter", ["\n"] = "enter", ["\t"] = "tab", ["\x7f"] = "backspace", ["\b"] = "backspace",
  ["\x1b[A"] = "up", ["\x1b[B"] = "down", ["\x1b[C"] = "right", ["\x1b[D"] = "left",
  ["\x1bOA"] = "up", ["\x1bOB"] = "down", ["\x1bOC"] = "right", ["\x1bOD"] = "left",
  ["\x1b[H"] = "home", ["\x1bOH"] = "home", ["\x1b[1~"] = "home", ["\x1b[7~"] = "home",
  ["\x1b[F"] = "end", ["\x1bOF"] = "end", ["\x1b[4~"] = "end", ["\x1b[8~"] = "end",
  ["\x1b[2~"] = "insert", ["\x1b[3~"] = "delete", ["\x1b[5~"] = "pageup", ["\x1b[6~"] = "pagedown",
  ["\x1bOP"] = "f1", ["\x1bOQ"] = "f2", ["\x1bOR"] = "f3", ["\x1bOS"] = "f4",
  ["\x1b[15~"] = "f5", ["\x1b[17~"] = "f6", ["\x1b[18~"] = "f7", ["\x1b[19~"] = "f8",
  ["\x1b[20~"] = "f9", ["\x1b[21~"] = "f10", ["\x1b[23~"] = "f11", ["\x1b[24~"] = "f12",
  ["\x1b"] = "esc",
}

-- decode returns { key, code, text?, ctrl, alt, shift, raw }: key (and
-- code, its other name) is a named key ("enter", "up", "f5"...) or the
-- character typed; text is the character for a printable key.
function M.decode(raw)
  local ev = { raw = raw, ctrl = false, alt = false, shift = false }
  local named = SEQUENCES[raw]
  if raw == "\x1b[Z" then
    named, ev.shift = "tab", true
  end
  if not named and #raw == 1 then
    local b = raw:byte()
    if b >= 1 and b <= 26 then
      named, ev.ctrl = string.char(b + 96), true
    elseif b == 0 then
      named, ev.ctrl = " ", true
    end
  end
  if not named and #raw >= 2 and raw:sub(1, 1) == "\x1b" and raw:sub(2, 2) ~= "[" and raw:sub(2, 2) ~= "O" then
    local inner = M.decode(raw:sub(2))
    inner.raw, inner.alt = raw, true
    return inner
  end
  if not named then
    local first = raw:match("^[%z\1-\127\194-\244][\128-\191]*")
    if first and first:byte() >= 32 and first:sub(1, 1) ~= "\x1b" then
      named, ev.text = first, first
      if first:match("^%u$") then ev.shift = true end
    else
      named = "unknown"
    end
  end
  ev.key, ev.code = named, named
  return ev
end

return M
