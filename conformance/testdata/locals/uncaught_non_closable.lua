-- checks an uncaught "got a non-closable value" error with traceback
local function use()
  local res <close> = {}
  return res
end
use()
