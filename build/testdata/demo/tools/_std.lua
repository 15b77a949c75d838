-- Shared by the tools in this folder (the _std.lua pattern).
local M = {}

function M.words(s)
  local n = 0
  for _ in s:gmatch("%S+") do
    n = n + 1
  end
  return n
end

function M.plural(n, word)
  if n == 1 then
    return "1 " .. word
  end
  return n .. " " .. word .. "s"
end

return M
