-- An event handler: tool results pass through here before they reach the
-- model, and anything that looks like a secret is masked. A folder entry:
-- init.lua requires its sibling patterns.lua.
local patterns = require("patterns")

return {
  name = "redact",
  activate = function()
    local panto = require("panto")
    panto.ext.on("tool_result", function(e)
      local out, n = patterns.mask(e.output)
      if n > 0 then e.output = out end
    end)
    panto.ext.register_command {
      name = "redact-test",
      description = "Show what the redactor does to the given text.",
      handler = function(args) return (patterns.mask(args)) end,
    }
  end,
}
