-- Chunks made at random from statements that are fine, that fail one of
-- the checks the reference makes while it parses (gotos, labels,
-- assignments to <const> variables, 'break'), and that are syntax
-- errors, in nested blocks that are sometimes left open: load reports
-- the error the reference meets first.
math.randomseed(20261201)
local ok = {"local a = 1", "local b <const> = 2", "local c <close> = nil", "x = 1", "f(a)", "::L1::",
  "::L2::", "goto L1", "goto L2", "print(b)", "t = {a, b, function() return b end}",
  "local u = a + b", "y = a and b or c", "o:m(a)"}
local sem = {"b = 3", "c = 4", "function b() end", "::L1::", "goto L9", "break", "b, a = 1, 2",
  "a, b = 1", "x, b = f()", "local function h() b = 1 end", "t.x, c = 1, 2",
  "goto L3 local v ::L3:: print(v)", "goto L4\nlocal w\n::L4::\n::L5::\nw = 1", "::L6:: ::L6::"}
local syn = {"x = ", "f(", "local = 1", "if x y", "t = {", "x x", ")", "local a <foo>", "for i x",
  "'unfinished", "a.b.c =", "return return", "::::", "goto", "x = 1 +", "f(a,", "o:", "a.", "{",
  "function(", "local function", "b, 1 = 2"}
local function pick(t) return t[math.random(#t)] end
local block
local function nested(depth)
  local inner, close = block(depth + 1), math.random() > 0.1
  local kind = math.random(6)
  if kind == 1 then return "do\n" .. inner .. (close and "\nend" or "")
  elseif kind == 2 then return "while x do\n" .. inner .. (close and "\nend" or "")
  elseif kind == 3 then return "repeat\n" .. inner .. (close and "\nuntil x" or "")
  elseif kind == 4 then
    return "if x then\n" .. inner .. "\nelse\n" .. block(depth + 1) .. (close and "\nend" or "")
  elseif kind == 5 then return "for i = 1, 2 do\n" .. inner .. (close and "\nend" or "")
  end
  return "local function f" .. depth .. "(...)\n" .. inner .. (close and "\nend" or "")
end
function block(depth)
  local parts = {}
  for i = 1, math.random(depth == 0 and 1 or 0, 5) do
    local r = math.random()
    if depth < 3 and r < 0.25 then parts[i] = nested(depth)
    elseif r < 0.55 then parts[i] = pick(ok)
    elseif r < 0.85 then parts[i] = pick(sem)
    else parts[i] = pick(syn)
    end
  end
  return table.concat(parts, math.random() < 0.5 and "\n" or " ")
end
local counts = {}
for i = 1, 1000 do
  local msg = select(2, load(block(0), "=c")) or "ok"
  print(i, msg)
  local kind = msg:match("const variable") or msg:match("jumps into") or msg:match("already defined")
    or msg:match("no visible label") or msg:match("break outside") or (msg == "ok" and "ok") or "syntax"
  counts[kind] = (counts[kind] or 0) + 1
end
for _, k in ipairs({"ok", "syntax", "const variable", "jumps into", "already defined", "no visible label", "break outside"}) do
  print(k, counts[k])
end
