return {
  name = "greet",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "greet", description = "Greet.",
      handler = function(args) print("greeting " .. args) return "hello, " .. (args ~= "" and args or "world") .. "!" end,
    }
    panto.ext.on("tool_result", function(e)
      if e.tool_name == "shell" then e.output = "(redacted)" end
    end)
  end,
}
