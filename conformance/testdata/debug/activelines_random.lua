-- Chunks made at random from expressions whose tokens are separated by
-- spaces, newlines or comments; each line prints the lines that carry an
-- instruction of the chunk (debug.getinfo(f, "L").activelines).
-- math.random with a fixed seed: panto's generator is the reference's.
math.randomseed(4242)
local names = {"a", "b", "c", "g", "t", "o"}
local leaves = {"a", "b", "c", "g", "t", "o", "1", "2.5", "'s'", "nil", "true", "...", "[[l\nl]]", "0x10"}
local binops = {"+", "*", "..", "and", "or", "==", "<", ">=", "~=", "//", "%", "^", "&", "|", "~", ">>", "/"}
local function pick(t) return t[math.random(#t)] end
local function ws()
  local r = math.random()
  if r < 0.55 then return " " elseif r < 0.85 then return "\n"
  elseif r < 0.92 then return " --[[c\n]] " end
  return " -- x\n"
end
local function J(...)
  local t = {...}
  local s = t[1]
  for i = 2, #t do s = s .. ws() .. t[i] end
  return s
end
local expr
local function args(d)
  local s = expr(d + 1)
  for _ = 1, math.random(0, 2) do s = J(s, ",", expr(d + 1)) end
  return s
end
function expr(d)
  local r = math.random()
  if d > 3 or r < 0.25 then return pick(leaves)
  elseif r < 0.45 then return J(expr(d + 1), pick(binops), expr(d + 1))
  elseif r < 0.5 then return J(pick({"-", "not", "#", "~"}), expr(d + 1))
  elseif r < 0.6 then return J("(", expr(d + 1), ")")
  elseif r < 0.7 then return J(pick(names), "(", args(d), ")")
  elseif r < 0.75 then return J(pick(names), ":", "m", "(", expr(d + 1), ")")
  elseif r < 0.82 then return J(pick(names), ".", "f", "[", expr(d + 1), "]")
  elseif r < 0.92 then
    local fields = {}
    for i = 1, math.random(0, 3) do
      local k = math.random()
      if k < 0.4 then fields[i] = expr(d + 1)
      elseif k < 0.7 then fields[i] = J("k", "=", expr(d + 1))
      else fields[i] = J("[", expr(d + 1), "]", "=", expr(d + 1)) end
    end
    local tail = #fields > 0 and pick({"", ",", ";"}) or ""
    return J("{", table.concat(fields, "," .. ws()), tail, "}")
  end
  return J("function", "(", "...", ")", "return", expr(d + 1), "end")
end
local function stat()
  local r = math.random()
  if r < 0.3 then return J("local", "v", "=", expr(0))
  elseif r < 0.5 then return J(pick(names), "=", expr(0))
  elseif r < 0.6 then return J("t", ".", "x", ",", "t", "[", expr(1), "]", "=", expr(0), ",", expr(0))
  elseif r < 0.7 then return J("f", "(", expr(0), ")")
  elseif r < 0.8 then return J("if", expr(0), "then", "f", "(", ")", "end")
  elseif r < 0.9 then return J("while", expr(0), "do", "break", "end")
  end
  return J("return", expr(0))
end
local function active(f)
  local lines = {}
  for l in pairs(debug.getinfo(f, "L").activelines) do lines[#lines + 1] = l end
  table.sort(lines)
  return table.concat(lines, " ")
end
for i = 1, 400 do
  local body = {"local a, b, c, g, t, o = ..."}
  for j = 1, math.random(1, 4) do
    body[#body + 1] = stat()
    if body[#body]:sub(1, 6) == "return" then break end
  end
  local src = table.concat(body, "\n")
  local f = load(src, "=r" .. i)
  if f then
    print(i, active(f))
  else
    print(i, "does not compile")
  end
end
