-- Resources: list the skills every layer ships, found through
-- panto.ext.dirs (never through HOME or XDG_* directly).
return {
  name = "skills",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "skills",
      description = "List the skills of every layer.",
      handler = function()
        local found = {}
        for _, layer in ipairs(panto.ext.dirs.layers) do
          local p = io.popen('ls "' .. layer.dir .. '/skills" 2>/dev/null')
          for name in p:lines() do
            found[#found + 1] = layer.name .. ": " .. name
          end
          p:close()
        end
        if #found == 0 then return "no skills" end
        return table.concat(found, "\n")
      end,
    }
  end,
}
