-- helper: create a temp file with given content, return its name
local M = {}
function M.with(content)
  local name = os.tmpname()
  local f = assert(io.open(name, "wb"))
  if content then f:write(content) end
  f:close()
  return name
end
function M.hide(name, s)
  if type(s) ~= "string" then return s end
  local i, j = s:find(name, 1, true)
  if i then return s:sub(1, i - 1) .. "<tmp>" .. s:sub(j + 1) end
  return s
end
return M
