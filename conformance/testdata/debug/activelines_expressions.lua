-- debug.getinfo(f, "L").activelines of chunks whose expressions spread
-- over lines: the set of lines that carry an instruction.
local function active(name, src)
  local f = assert(load(src, "=" .. name))
  local lines = {}
  for l in pairs(debug.getinfo(f, "L").activelines) do lines[#lines + 1] = l end
  table.sort(lines)
  print(name, table.concat(lines, " "))
end
active("arith", "local a = 1\nlocal b = a\n  + 2\n  * a\nreturn b")
active("call", "print(\n  a,\n  b\n)")
active("table", "local t = {\n  1,\n  2 +\n  3,\n}")
active("record", "local u = { x =\n  a,\n  y = b }")
active("keys", "local v = {\n  [a] = 1,\n  [1.5]\n  = 2,\n  [-1] =\n  3,\n}")
active("lookahead", "local t = {\n  g\n  .h,\n  f\n  (1),\n  k\n  {},\n}")
active("logic", "local x = a and\n  b or\n  c")
active("concat", "local s = a ..\n  b ..\n  c")
active("method", "o:m(\n  1\n):n(\n  2)")
active("return", "return a +\n  b")
active("strings", "local a = [[\nx\ny]]\nf([[\nz\n]], a)")
active("vararg", "local z =\n{\n  ...\n}")
active("empty lines", "\n\nlocal a\n\n\n=\n\n1\n\n")
active("comments", "local a = 1 --[[ a\nlong comment ]] + b\nlocal c = f( -- one\n  a --[==[\n  ]==] , -- two\n  a\n)")
active("function", "local f = function(a,\n  ...)\n  return a\nend\nreturn f")
