-- A slash command, registered from an entry's activate().
return {
  name = "greet",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "greet",
      description = "Print a greeting.",
      handler = function(args)
        local who = args ~= "" and args or "world"
        return "[greet] hello, " .. who .. "!"
      end,
    }
  end,
}
