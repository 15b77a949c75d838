-- debug.getinfo(level, "l").currentline of a function whose instruction
-- in a multi-line expression calls out: a function call, a metamethod.
local T = require("linetrace")
local mt = {}
for _, e in ipairs({"__add", "__mul", "__concat", "__lt", "__le", "__eq",
  "__unm", "__len", "__index", "__newindex", "__call", "__bnot", "__band",
  "__shl", "__idiv", "__div"}) do
  mt[e] = function(...) here() return ... end
end
mt.__index = function() here() return 1 end
mt.__newindex = function() here() end
mt.__call = function() here() return 1 end
mt.__lt = function() here() return true end
mt.__le = function() here() return true end
mt.__eq = function() here() return true end
mt.__concat = function() here() return "c" end
mt.__len = function() here() return 2 end
o = setmetatable({}, mt)
p = setmetatable({}, mt)
g = {h = 1}

T.lines("call_args", "local x = here(1,\n  here(2),\n  here(3)\n)")
T.lines("call_prefix_lines", "local f = here\nf\n(\n  1)")
T.lines("call_in_table", "local t = {\n  here(),\n  x = here(),\n  [here(1)] = 1,\n}")
T.lines("method_call", "local s = {m = here}\ns\n  :m(\n  1)")
T.lines("arith_meta", "local x = o\n  + 1\n  * o")
T.lines("concat_meta", "local x = o ..\n  'a' ..\n  o")
T.lines("compare_meta", "local x = o <\n  p\nlocal y = o\n  <= p\nlocal z = o\n  == p")
T.lines("unary_meta", "local x = -\n  o\nlocal y = #\n  o\nlocal z = ~\n  o")
T.lines("index_meta", "local x = o\n  .field\nlocal y = o\n  [\n  'k'\n  ]")
T.lines("newindex_meta", "o\n  .field\n  = 1\no[\n  2] =\n  3")
T.lines("call_meta", "local x = o\n  (1,\n  2)")
T.lines("and_or_calls", "local x = here(1) and\n  here(nil) or\n  here(3)")
T.lines("return_call", "return here(\n  1)")
T.lines("return_values", "return 1,\n  here(2),\n  here()")
T.lines("for_exprs", "for i = here(1),\n  here(2) do end\nfor k in here,\n  nil do end")
T.lines("string_args", "here [[\na\nb]]\nhere\n\"x\"")
