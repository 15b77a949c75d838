-- The lines a line hook sees, statement by statement, as the reference
-- numbers its instructions.
local function trace(name, src)
  local f = assert(load(src, "=" .. name))
  local lines = {}
  local function hook(_, l)
    if debug.getinfo(2, "f").func == f then lines[#lines + 1] = tostring(l) end
  end
  debug.sethook(hook, "l")
  f()
  debug.sethook()
  print(name, table.concat(lines, " "))
end
trace("if then on its own line", "if x\nthen\n  a = 1\nend")
trace("if else", "local x = 1\nif x then\n  a = 1\nelse\n  a = 2\nend")
trace("if elseif else", "local x = 2\nif x == 1 then\n  a = 1\nelseif x == 2 then\n  a = 2\nelse\n  a = 3\nend")
trace("while", "local i = 1\nwhile i <= 2 do\n  i = i + 1\nend")
trace("while with empty body", "local i = 0\nwhile i > 0 do\nend")
trace("repeat", "local i = 0\nrepeat\n  i = i + 1\nuntil i == 2")
trace("numeric for", "local s = 0\nfor i = 1, 2 do\n  s = s + i\nend")
trace("generic for", "local t = {1, 2}\nfor _, v in ipairs(t) do\n  a = v\nend")
trace("nested if in loop", "for i = 1, 3 do\n  if i % 2 == 0 then\n    a = i\n  end\nend")
trace("break", "while true do\n  if a then break end\n  a = 1\nend")
trace("goto loop", "local i = 0\n::top::\ni = i + 1\nif i < 2 then goto top end")
trace("function", "local function f(x)\n  return x + 1\nend\nb = f(1)")
trace("return in if", "local function f(x)\n  if x then\n    return 1\n  end\n  return 2\nend\nf(true) f(false)")
do
  local g = load(string.dump(function() local a = 1 for i = 1, 2 do a = a + i end return a end, true))
  local events = {}
  debug.sethook(function(_, l)
    if debug.getinfo(2, "f").func == g then events[#events + 1] = tostring(l) end
  end, "l")
  g()
  debug.sethook()
  print("stripped", table.concat(events, " "))
end
