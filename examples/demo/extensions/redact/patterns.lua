-- What counts as a secret: API-key-like tokens and key=value credentials.
local M = {}

local rules = {
  { "sk%-[%w%-_]+", "sk-<redacted>" },
  { "(%f[%w][Pp]assword%s*[=:]%s*)%S+", "%1<redacted>" },
  { "(%f[%w][Tt]oken%s*[=:]%s*)%S+", "%1<redacted>" },
}

-- mask returns text with every secret replaced, and how many there were.
function M.mask(text)
  local total = 0
  for _, rule in ipairs(rules) do
    local n
    text, n = text:gsub(rule[1], rule[2])
    total = total + n
  end
  return text, total
end

return M
