-- helper with an unfinished function (no 'end'), loaded by uncaught_unfinished.lua
local function f()
  return 1
