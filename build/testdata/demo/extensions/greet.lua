-- A slash command: /greet [name]. It reads a resource through
-- panto.ext.dirs, which works the same from the folder and from a bundle.
local shared = require("_shared")

return {
  name = "greet",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "greet",
      description = "Print a greeting.",
      handler = function(args)
        return shared.bracket("greet") .. " hello, " .. (args ~= "" and args or "world") .. "!"
      end,
    }
    panto.ext.register_command {
      name = "skills",
      description = "List the skills this bundle carries.",
      handler = function()
        for _, layer in ipairs(panto.ext.dirs.layers) do
          local f = io.open(layer.dir .. "/skills/review/SKILL.md")
          if f then
            local first = f:read("l")
            f:close()
            return layer.name .. ": " .. first
          end
        end
        return "no skills"
      end,
    }
  end,
}
