-- A helper the entries beside it require; the underscore keeps it from
-- being an entry itself.
local M = {}

function M.bracket(s)
  return "[" .. s .. "]"
end

return M
