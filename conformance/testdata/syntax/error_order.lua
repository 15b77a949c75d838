-- When a chunk has two errors, the one the reference reaches first wins:
-- it checks gotos, labels, assignments to <const> variables and the
-- limits on upvalues and registers while it parses, so such an error
-- comes before a later syntax error, and a syntax error before them
-- comes first.
local function try(name, src) print(name, select(2, load(src, "=" .. name))) end
local function ups(n)
  local t = {}
  for i = 1, n do t[i] = "local u" .. i .. " = " .. i end
  return t
end
local function use(n)
  local t = {}
  for i = 1, n do t[i] = "u" .. i end
  return table.concat(t, " + ")
end

-- goto into the scope of a local
try("goto scope then syntax", "goto l\nlocal a\n::l::\nprint(a)\nx =")
try("goto scope same line", "goto l local a ::l:: print(a) x = = 1")
try("syntax then goto scope", "x =\ngoto l\nlocal a\n::l::\nprint(a)")
try("goto scope at syntax error", "goto l\nlocal a\n::l::\n)")
try("goto scope before end", "do goto l local a ::l:: end end")
try("goto scope before else", "goto l local a ::l:: else")
try("goto scope in function", "local function f()\n  goto l\n  local a\n  ::l::\n  print(a)\nend\nx x")
try("goto scope in loop", "while true do\n  goto l\n  local a\n  ::l::\n  print(a)\nend\nx x")
try("goto scope after lexical error", "goto l\nlocal a\n::l:: \"abc")
try("goto scope before lexical error", "goto l\nlocal a\n::l::\nx = \"abc")

-- a repeated label
try("repeated label then syntax", "::a::\nprint(1)\n::a::\nx =")
try("repeated label same line", "::a:: ::a:: x x")
try("syntax then repeated label", "x x\n::a::\n::a::")
try("repeated label at end", "::a:: ::a:: end")
try("repeated label in function", "local function f()\n  ::b::\n  do ::b:: end\nend\nx x")
try("repeated label before lexical error", "::a::\n::a::\n\"abc")

-- an undefined label or a break outside a loop
try("undefined label then syntax", "local function f()\n  goto nowhere\nend\nx x")
try("undefined label in main then syntax", "goto nowhere\nx x")
try("break outside loop in function", "local function f()\n  break\nend\nx x")
try("break outside loop in main", "break\nx x")
try("undefined label at function end error", "local function f()\n  goto nowhere\nelse")
try("undefined label line", "local function f()\n  goto nowhere\nend\n\n\nprint(1)")

-- assignment to a <const> or <close> variable
try("const then syntax", "local x <const> = 1\nx = 2\ny =")
try("const same statement", "local x <const> = 1\nx = )")
try("const target list", "local x <const> = 1\nlocal y\ny, x = 1, 2 +")
try("const on next line", "local x <const> = 1\nx\n= 2\ny y")
try("syntax then const", "y y\nlocal x <const> = 1\nx = 2")
try("const upvalue then syntax", "local x <const> = 1\nlocal function f()\n  x = 2\nend\ny y")
try("close then syntax", "local x <close> = nil\nx = 1\ny y")
try("const function statement", "local x <const> = 1\nfunction x() end\ny y")
try("const function statement at error", "local x <const> = 1\nfunction x() end )")
try("const function with bad body", "local x <const> = 1\nfunction x() y y end")
try("const compound target", "local x <const> = {}\nx.y = 1\nx = 2 y y")
try("const before a bad target", "local x <const> = 1\nx, 1 = 2")
try("const before a call target", "local x <const> = 1\nlocal y\ny, x, f() = 2")
try("call target before const", "local x <const> = 1\nlocal y\ny, f(), x = 2")
try("const after a field target", "local x <const> = 1\nx.y, x = 2 +")

-- too many upvalues
do
  local t = ups(150)
  t[#t + 1] = "local function f()"
  local u = ups(150)
  for i = 1, 150 do u[i] = u[i]:gsub("u", "v") end
  t[#t + 1] = table.concat(u, "\n")
  t[#t + 1] = "local function g() return " .. use(150) .. " + " .. use(150):gsub("u", "v") .. " end"
  t[#t + 1] = "end"
  local src = table.concat(t, "\n")
  try("upvalues", src)
  try("upvalues then syntax", src .. "\nx x")
  try("syntax then upvalues", "x x\n" .. src)
end

-- too many registers
do
  local big = "local t = {" .. ("f(),"):rep(10) .. "}"
  local args = {}
  for i = 1, 260 do args[i] = "a" end
  local src = "local a = 1\nprint(" .. table.concat(args, ", ") .. ")"
  try("registers", src)
  try("registers then syntax", src .. "\nx x")
  try("syntax then registers", "x x\n" .. src)
  try("registers same line", "local a = 1 print(" .. table.concat(args, ", ") .. ") x x")
  try("registers at the error", "local a = 1 print(" .. table.concat(args, ", ") .. ", )")
  try("big table ok", big)
end

-- a construct the syntax error cuts short
do
  local args = {}
  for i = 1, 260 do args[i] = "a" end
  try("registers in an unclosed call", "local a = 1 print(" .. table.concat(args, ", "))
  try("registers before a missing parenthesis", "local a = 1 print(" .. table.concat(args, ", ", 1, 200) .. " x")
end
try("const in an unfinished assignment", "local x <const> = 1\nx = 1 +")
try("goto scope then missing end", "do\n  goto l\n  local a\n  ::l::\n  x = 1\n")
try("goto scope then label at eof", "goto l\nlocal a\n::l::")
try("undefined label then missing end", "local function f()\n  goto nowhere\n")
try("repeated label then missing until", "repeat\n  ::a::\n  ::a::\n")
try("repeated label then missing name", "::a::\n::a::\n::")
try("const in method body", "local x <const> = 1\nlocal t = {}\nfunction t:m()\n  x = 2\nend\nelse")
try("const in table constructor", "local x <const> = 1\nlocal t = {function() x = 2 end, ,}")
try("goto scope then deep nesting", "goto l local a ::l:: print(a) x = " .. ("("):rep(300))
try("const then unfinished string", "local x <const> = 1\nx = 'abc")
try("unfinished string then const", "local x <const> = 'abc\nx = 1")
try("if condition then missing then", "local x <const> = 1\nif x then x = 2 end if x")
try("for then missing do", "local x <const> = 1\nfor i = 1, 2 x = 1")
try("syntax error in method args", "local x <const> = 1\nlocal o = {}\no:m(x, ) x = 1")

-- a run of labels is declared from its last label to its first
try("repeated label run", "::a::\n::a::")
try("repeated label run with semicolons", "::a:: ;\n;\n::b::\n::a::")
try("goto scope and repeated label in a run", "goto b\nlocal x\n::a::\n::b::\n::a::\nprint(x)")
try("goto scope in a run", "goto a\nlocal x\n::a::\n::b::\nprint(x)")
