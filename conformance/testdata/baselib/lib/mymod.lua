-- helper module for require
local M = {}
M.loaded_with = ...
function M.hello() return "hello from mymod" end
return M
