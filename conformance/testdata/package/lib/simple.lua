-- module returning a table
local M = {}
M.name = "simple"
M.args = {...}
M.loads = (M.loads or 0) + 1
function M.hello() return "hello from simple" end
_G.simple_load_count = (_G.simple_load_count or 0) + 1
return M
