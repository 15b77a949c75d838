-- an uncaught error raised with level 0 has no position prefix
local function check(v)
  if not v then error("no position here", 0) end
end
check(true)
check(false)
