-- helper module that fails while loading
local M = {}
error("module initialisation failed")
return M
