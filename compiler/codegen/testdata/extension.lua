-- The shape of an ordinary extension: a module table, a tool declaration
-- with a handler, and activation registering a command and an event.
local panto = require("panto")
local M = {}

local function words(text)
  local n = 0
  for _ in text:gmatch("%S+") do n = n + 1 end
  return n
end

M.tool = {
  name = "count",
  description = "Count the words of a text.",
  schema = {type = "object", properties = {text = {type = "string"}}, required = {"text"}},
  handler = function(input, ctx)
    local n = words(input.text)
    return string.format("%d words", n)
  end,
}

function M.activate()
  panto.ext.register_command {
    name = "count",
    description = "Count words",
    handler = function(args) return tostring(words(args)) end,
  }
  panto.ext.on("tool_result", function(event)
    if event.tool_name == "count" then event.content = event.content .. "." end
  end)
end

return M
