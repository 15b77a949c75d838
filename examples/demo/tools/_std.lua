-- Shared helpers for the tools in this folder. The underscore keeps this
-- file out of discovery; the tools beside it require("_std").
local panto = require("panto")

local M = {}

-- install_renderer pairs a tool declaration with the tool lifecycle
-- events: while the tool runs, its transcript block shows the default
-- rendering plus a status badge; the badge turns into a check mark (or a
-- cross) when the result arrives.
function M.install_renderer(tool)
  local status = {}
  panto.ext.on("tool_details", function(e)
    if e.tool_name ~= tool.name then return end
    local inner = e:get_component()
    local id = e.id
    status[id] = "running"
    local handle
    handle = e:set_component({
      render = function(self, width)
        local styles = panto.ext.style()
        local lines = inner:render(width)
        local badge = ({
          running = styles.muted .. "… counting" .. styles.reset,
          ok = styles.success .. "✓ counted" .. styles.reset,
          failed = styles.error .. "✗ failed" .. styles.reset,
        })[status[id]]
        lines[#lines + 1] = "  " .. badge
        return lines
      end,
    })
  end)
  panto.ext.on("tool_result", function(e)
    if e.tool_name ~= tool.name then return end
    status[e.id] = e.result_ok and "ok" or "failed"
  end)
  return tool
end

return M
