-- Tracebacks taken inside calls spread over lines: each frame of the
-- chunk names the line its call instruction carries.
local T = require("linetrace")

T.tracebacks("args", "local function f(...) return traceback(...) end\nf(1,\n  2,\n  f(3,\n  4))")
T.tracebacks("nested_fn", "local function inner()\n  return traceback(\n    1)\nend\nlocal function outer()\n  local x = inner()\n    + 1\n  return x\nend\nouter(\n)")
T.tracebacks("method", "local o = {m = function(self) return traceback() end}\no\n  :m(\n  )")
T.tracebacks("in_table", "local t = {\n  traceback(),\n  k = traceback(\n  1),\n}")
T.tracebacks("tail", "local function f() return traceback() end\nlocal function g()\n  return f(\n  )\nend\ng()")
T.tracebacks("chain", "local function f() traceback() return f end\nf()\n  ()\n  (\n  )")

-- Frames stopped on an instruction that called a metamethod.
local mt = {}
mt.__index = function() traceback() return 1 end
mt.__lt = function() traceback() return true end
mt.__concat = function() traceback() return "c" end
mt.__eq = function() traceback() return true end
o = setmetatable({}, mt)
p = setmetatable({}, mt)
T.tracebacks("meta_index", "local x = o\n  .field\nlocal y = o[\n  'k'\n  ]")
T.tracebacks("meta_lt", "local x = o <\n  p")
T.tracebacks("meta_concat", "local x = o ..\n  'a' ..\n  o")
T.tracebacks("meta_eq", "local x = o\n  ==\n  p")
T.tracebacks("meta_in_args", "print(1,\n  o\n  .x, o <\n  p)")
